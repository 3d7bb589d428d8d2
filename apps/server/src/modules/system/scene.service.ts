import { eq } from 'drizzle-orm';
import { DEVICE_KINDS, type DeviceSceneItem } from '@cbo/contract';
import type { Db } from '../../platform/db/database.js';
import { sysDeviceScene } from './tables.js';

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

  async update(req: { deviceType: DeviceKind; img: string; link: string }): Promise<DeviceSceneItem> {
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
