import { and, asc, eq, sql } from 'drizzle-orm';
import type { BannerItem, DevicePayItem } from '@cbo/contract';
import type { bannerInput, devicePayInput } from '@cbo/contract';
import type { z } from 'zod';
import type { Db } from '../../platform/db/database.js';
import { AppError } from '../../platform/http/app-error.js';
import type { Principal } from '../../platform/http/routes.js';
import { sysBanner, sysDevicePay } from './tables.js';
import { nameAuditTarget } from '../../platform/audit/target.js';

import { checkDevicePay, lockRanges } from './config.ranges.js';
import type { ConfigService } from './config.service.js';

type DevicePayValues = z.infer<typeof devicePayInput>;
type BannerValues = z.infer<typeof bannerInput>;

/** The configuration's own tables: device payment configs and banners. */
export class ConfigLists {
  constructor(
    private readonly db: Db,
    private readonly config: Pick<ConfigService, 'read' | 'requireTicket'>,
  ) {}

  // ------------------------------------------------------------------- device payment configs

  async devicePayList(): Promise<DevicePayItem[]> {
    const rows = await this.db.select().from(sysDevicePay).orderBy(asc(sysDevicePay.idx));
    return rows.map(devicePayItem);
  }

  /**
   * The configuration that applies to a device of this type: the enabled one of the type with the
   * lowest index (docs/decisions/orders-and-payments.md, "Device payment configurations act"). Null when none is
   * enabled.
   */
  async devicePayFor(deviceType: DevicePayItem['deviceType']): Promise<DevicePayItem | null> {
    const [row] = await this.db
      .select()
      .from(sysDevicePay)
      .where(and(eq(sysDevicePay.deviceType, deviceType), eq(sysDevicePay.enabled, true)))
      .orderBy(asc(sysDevicePay.idx))
      .limit(1);
    return row ? devicePayItem(row) : null;
  }

  async devicePayByIndex(index: number): Promise<DevicePayItem> {
    const [row] = await this.db.select().from(sysDevicePay).where(eq(sysDevicePay.idx, index));
    if (!row) throw new AppError('NOT_FOUND');
    return devicePayItem(row);
  }

  async addDevicePay(p: Principal, ticket: string, v: DevicePayValues): Promise<DevicePayItem> {
    await this.config.requireTicket(p, ticket);
    return this.db.transaction(async (tx) => {
      await lockRanges(tx);
      checkDevicePay(v, await this.config.read('range', tx));
      // Serialises concurrent adds so two never take the same next index.
      await tx.execute(sql`select pg_advisory_xact_lock(727101)`);
      const [next] = await tx.select({ n: sql<number>`coalesce(max(${sysDevicePay.idx}), 0) + 1` }).from(sysDevicePay);
      const [row] = await tx
        .insert(sysDevicePay)
        .values({ ...v, idx: Number(next!.n) })
        .returning();
      nameAuditTarget(row!.name);
      return devicePayItem(row!);
    });
  }

  async updateDevicePay(p: Principal, ticket: string, id: number, v: DevicePayValues): Promise<DevicePayItem> {
    await this.config.requireTicket(p, ticket);
    return this.db.transaction(async (tx) => {
      await lockRanges(tx);
      checkDevicePay(v, await this.config.read('range', tx));
      const [row] = await tx
        .update(sysDevicePay)
        .set({ ...v, updatedAt: new Date() })
        .where(eq(sysDevicePay.id, id))
        .returning();
      if (!row) throw new AppError('NOT_FOUND');
      nameAuditTarget(row.name);
      return devicePayItem(row);
    });
  }

  /** DELETE delete: a device payment config (sensitive, needs the ticket) or a banner. */
  async delete(p: Principal, kind: 'devicePay' | 'banner', id: number, ticket: string | undefined): Promise<null> {
    if (kind === 'devicePay') {
      await this.config.requireTicket(p, ticket);
      const gone = await this.db
        .delete(sysDevicePay)
        .where(eq(sysDevicePay.id, id))
        .returning({ name: sysDevicePay.name });
      if (!gone.length) throw new AppError('NOT_FOUND');
      nameAuditTarget(gone[0]!.name);
    } else {
      const gone = await this.db.delete(sysBanner).where(eq(sysBanner.id, id)).returning({ title: sysBanner.title });
      if (!gone.length) throw new AppError('NOT_FOUND');
      nameAuditTarget(gone[0]!.title);
    }
    return null;
  }

  // -------------------------------------------------------------------------------- banners

  async bannerList(): Promise<BannerItem[]> {
    const rows = await this.db.select().from(sysBanner).orderBy(asc(sysBanner.sort), asc(sysBanner.id));
    return rows.map(bannerItem);
  }

  async addBanner(v: BannerValues): Promise<BannerItem> {
    const [row] = await this.db.insert(sysBanner).values(v).returning();
    nameAuditTarget(row!.title);
    return bannerItem(row!);
  }

  async updateBanner(id: number, v: BannerValues): Promise<BannerItem> {
    const [row] = await this.db
      .update(sysBanner)
      .set({ ...v, updatedAt: new Date() })
      .where(eq(sysBanner.id, id))
      .returning();
    if (!row) throw new AppError('NOT_FOUND');
    nameAuditTarget(row.title);
    return bannerItem(row);
  }
}

function devicePayItem(r: typeof sysDevicePay.$inferSelect): DevicePayItem {
  return {
    id: r.id,
    index: r.idx,
    name: r.name,
    deviceType: r.deviceType as DevicePayItem['deviceType'],
    payMode: r.payMode as DevicePayItem['payMode'],
    channels: r.channels as DevicePayItem['channels'],
    amount: Number(r.amount),
    buyoutPrice: Number(r.buyoutPrice),
    buyoutDays: r.buyoutDays,
    enabled: r.enabled,
    updateTime: r.updatedAt.toISOString(),
  };
}

function bannerItem(r: typeof sysBanner.$inferSelect): BannerItem {
  return {
    id: r.id,
    title: r.title,
    img: r.img,
    link: r.link,
    sort: r.sort,
    enabled: r.enabled,
    updateTime: r.updatedAt.toISOString(),
  };
}
