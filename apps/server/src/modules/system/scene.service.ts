import { asc, eq, isNotNull } from 'drizzle-orm';
import { DEVICE_KINDS, type AppAdverts, type DeviceSceneItem } from '@cbo/contract';
import type { Db } from '../../platform/db/database.js';
import { sysBanner, sysDeviceScene } from './tables.js';
import { nameAuditTarget } from '../../platform/audit/target.js';

type DeviceKind = (typeof DEVICE_KINDS)[number];

/** Device scenes: the picture and link the user app shows for each kind of device. */
export class SceneService {
  constructor(private readonly db: Db) {}

  async list(): Promise<DeviceSceneItem[]> {
    const rows = await this.db.select().from(sysDeviceScene);
    const byType = new Map(rows.map((r) => [r.deviceType, r]));
    return DEVICE_KINDS.map((t) => item(t, byType.get(t)));
  }

  async detail(deviceType: DeviceKind): Promise<DeviceSceneItem> {
    const [row] = await this.db.select().from(sysDeviceScene).where(eq(sysDeviceScene.deviceType, deviceType));
    return item(deviceType, row);
  }

  /**
   * What the customer app shows (the route answers it only while Advertising is activated): the
   * banners switched on, in display order, and the scene of each kind of device that has a picture.
   */
  async appAdverts(): Promise<AppAdverts> {
    const [banners, scenes] = await Promise.all([
      this.db
        .select()
        .from(sysBanner)
        .where(eq(sysBanner.enabled, true))
        .orderBy(asc(sysBanner.sort), asc(sysBanner.id)),
      this.db.select().from(sysDeviceScene).where(isNotNull(sysDeviceScene.img)),
    ]);
    const order = new Map<string, number>(DEVICE_KINDS.map((k, i) => [k, i]));
    return {
      banners: banners.map((b) => ({ id: b.id, title: b.title, img: b.img, link: b.link, sort: b.sort })),
      scenes: scenes
        .filter((r): r is typeof r & { deviceType: DeviceKind; img: string } => order.has(r.deviceType) && !!r.img)
        .sort((a, b) => order.get(a.deviceType)! - order.get(b.deviceType)!)
        .map((r) => ({ deviceType: r.deviceType, img: r.img, link: r.link ?? '' })),
    };
  }

  async update(req: { deviceType: DeviceKind; img: string; link: string }): Promise<DeviceSceneItem> {
    // The scene by its device kind's label (the operation log shows it in the reader's language).
    nameAuditTarget(`outlet.deviceType.${req.deviceType}`);
    const now = new Date();
    const [row] = await this.db
      .insert(sysDeviceScene)
      .values({ ...req, updatedAt: now })
      .onConflictDoUpdate({ target: sysDeviceScene.deviceType, set: { img: req.img, link: req.link, updatedAt: now } })
      .returning();
    return item(req.deviceType, row);
  }
}

function item(deviceType: DeviceKind, r: typeof sysDeviceScene.$inferSelect | undefined): DeviceSceneItem {
  return { deviceType, img: r?.img ?? null, link: r?.link ?? null, updateTime: r?.updatedAt?.toISOString() ?? null };
}
