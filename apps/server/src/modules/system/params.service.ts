import { and, eq } from 'drizzle-orm';
import type { Db } from '../../platform/db/database.js';
import { AppError } from '../../platform/http/app-error.js';
import { sysParam } from './tables.js';

/** System parameters. Only parameters marked public are answered without a sign-in. */
export class ParamsService {
  constructor(private readonly db: Db) {}

  async publicValue(paramType: string, paramKey: string): Promise<{ paramValue: string | null }> {
    const [row] = await this.db
      .select({ paramValue: sysParam.paramValue })
      .from(sysParam)
      .where(and(eq(sysParam.paramType, paramType), eq(sysParam.paramKey, paramKey), eq(sysParam.isPublic, true)));
    if (!row) throw new AppError('NOT_FOUND');
    return row;
  }

  /** Seeds a parameter once; a value an operator changed is never overwritten. */
  async seed(p: {
    paramType: string;
    paramKey: string;
    paramValue: string;
    isPublic: boolean;
    remark: string;
  }): Promise<void> {
    await this.db.insert(sysParam).values(p).onConflictDoNothing();
  }
}
