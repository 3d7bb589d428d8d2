import { count, ilike, inArray, or, asc, sql } from 'drizzle-orm';
import type { Db } from '../../platform/db/database.js';
import { containing } from '../../platform/db/paging.js';
import { sysAccount } from './tables.js';

/**
 * Staff accounts as other modules name them (the people in charge of regions, the direct-sales
 * operators of teams, pickers): display names by id and a search by keyword.
 */
export class StaffDirectory {
  constructor(private readonly db: Db) {}

  async names(ids: readonly number[]): Promise<Map<number, string>> {
    if (!ids.length) return new Map();
    const rows = await this.db
      .select({ id: sysAccount.id, nickName: sysAccount.nickName, userName: sysAccount.userName })
      .from(sysAccount)
      .where(inArray(sysAccount.id, [...new Set(ids)]));
    return new Map(rows.map((r) => [r.id, r.nickName || r.userName]));
  }

  async search(keyword: string | undefined, offset: number, limit: number) {
    const kw = keyword ? containing(keyword) : null;
    const where = kw
      ? or(ilike(sysAccount.userName, kw), ilike(sysAccount.nickName, kw), ilike(sysAccount.mobile, kw))
      : undefined;
    const [rows, [n]] = await Promise.all([
      this.db
        .select({
          id: sysAccount.id,
          name: sql<string>`coalesce(nullif(${sysAccount.nickName}, ''), ${sysAccount.userName})`,
          mobile: sysAccount.mobile,
          status: sysAccount.status,
        })
        .from(sysAccount)
        .where(where)
        .orderBy(asc(sysAccount.userName))
        .limit(limit)
        .offset(offset),
      this.db.select({ n: count() }).from(sysAccount).where(where),
    ]);
    return { list: rows, total: Number(n!.n) };
  }
}
