import { inArray } from 'drizzle-orm';
import { cabinetOfQr, cabinetQrContent, type QrLabels } from '@cbo/contract';
import type { Db } from '../../platform/db/database.js';
import { AppError } from '../../platform/http/app-error.js';
import { devCabinet } from './tables.js';

/**
 * Cabinet QR labels and reading a scan back, both from the QR code address of the system
 * configuration (`qrBase`, read on every call, so a changed address prints and reads at once).
 */
export class CabinetQr {
  constructor(
    private readonly db: Db,
    private readonly qrBase: () => Promise<string>,
  ) {}

  private async base(): Promise<string> {
    const base = (await this.qrBase()).trim();
    if (!base) throw new AppError('QR_BASE_UNSET');
    return base;
  }

  /** Labels of stocked-in cabinets, in the order asked; an SN never stocked in is refused. */
  async labels(sns: string[]): Promise<QrLabels> {
    const base = await this.base();
    const known = new Set(
      (await this.db.select({ sn: devCabinet.sn }).from(devCabinet).where(inArray(devCabinet.sn, sns))).map(
        (r) => r.sn,
      ),
    );
    const missing = sns.find((sn) => !known.has(sn));
    if (missing) throw new AppError('DEVICE_NOT_FOUND');
    return { baseUrl: base, labels: sns.map((sn) => ({ sn, content: cabinetQrContent(base, sn) })) };
  }

  /** The cabinet a scanned text names (spec 8: a text that is not ours is "QR code non-standard"). */
  async scan(code: string): Promise<{ deviceType: 'cabinet'; sn: string }> {
    const base = (await this.qrBase()).trim();
    const sn = cabinetOfQr(base, code);
    if (!sn) throw new AppError('QR_NONSTANDARD');
    const [row] = await this.db
      .select({ sn: devCabinet.sn })
      .from(devCabinet)
      .where(inArray(devCabinet.sn, [sn]));
    if (!row) throw new AppError('DEVICE_NOT_FOUND');
    return { deviceType: 'cabinet', sn };
  }
}
