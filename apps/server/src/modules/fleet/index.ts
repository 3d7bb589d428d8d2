import type { FastifyBaseLogger } from 'fastify';
import type { EjectOutcome, ForcedEjectState, BatchStorageReport, BatchStorageRequest, CabinetFilter, ForcedEjectFilter, Lang, PowerBankFilter, Translations } from '@cbo/contract';
import type { Config } from '../../config.js';
import type { Db } from '../../platform/db/database.js';
import type { LiveHub } from '../../platform/live/live-hub.js';
import { formatInZone, type ExportService } from '../system/export.service.js';
import { CabinetService, loadFleetKey } from './cabinet.service.js';
import { CabinetReports } from './cabinet-reports.js';
import { CommandService } from './command.service.js';
import { DeviceLogService } from './device-log.service.js';
import { FleetLive } from './fleet-live.js';
import { Gateway } from './gateway.js';
import { SlotWriter } from './slot-state.js';

const T = (zh_CN: string, zh_TW: string, en_US: string): Translations => ({ zh_CN, zh_TW, en_US });
const yesNo = (v: boolean | null, lang: Lang) => (v === null ? '' : v ? { zh_CN: '是', zh_TW: '是', en_US: 'Yes' }[lang] : { zh_CN: '否', zh_TW: '否', en_US: 'No' }[lang]);
/** Export parameters carry the caller's language for the cells that are words. */
export type WithLang = { lang: Lang };
const OUTCOMES: Record<EjectOutcome, Translations> = {
  pending: T('等待结果', '等待結果', 'Waiting'),
  ejected: T('已弹出', '已彈出', 'Ejected'),
  confirmedByInventory: T('已弹出（库存确认）', '已彈出（庫存確認）', 'Ejected (confirmed by inventory)'),
  failed: T('弹出失败', '彈出失敗', 'Failed'),
};
const STATES: Record<ForcedEjectState, Translations> = {
  notReturned: T('未归还', '未歸還', 'Not returned'),
  returned: T('已归还', '已歸還', 'Returned'),
};
const at = (v: string | null, tz: string) => (v ? formatInZone(v, tz) : '');

/**
 * The fleet module: cabinets, power banks, commands, forced ejects, firmware batches, the device
 * log, and the gateway that talks MQTT with cabinets (docs/protocol.md).
 */
export async function createFleet(db: Db, config: Config, deps: { live: LiveHub; exports: ExportService; log: FastifyBaseLogger }) {
  const key = await loadFleetKey(db, config.DEVICE_SECRET);
  const live = new FleetLive(deps.live, deps.log);
  const deviceLog = new DeviceLogService(db);
  const cabinets = new CabinetService(db, key, deviceLog, live);
  const slots = new SlotWriter(db, live);
  const commands = new CommandService(db, cabinets, slots, live, deps.log);
  const reports = new CabinetReports(db, deviceLog, live, slots);
  const gateway = new Gateway(config, cabinets, reports, slots, commands.replies, deviceLog, deps.log);
  commands.attach(gateway);

  deps.exports.register<CabinetFilter & WithLang>('fleetCabinet', {
    title: T('机柜列表', '機櫃列表', 'Cabinets'),
    columns: [
      { key: 'sn', header: T('机柜编号', '機櫃編號', 'SN'), width: 20 },
      { key: 'online', header: T('在线', '在線', 'Online'), width: 8 },
      { key: 'iccid', header: T('ICCID', 'ICCID', 'ICCID'), width: 24 },
      { key: 'imei', header: T('IMEI', 'IMEI', 'IMEI'), width: 18 },
      { key: 'firmwareMain', header: T('主板固件', '主板韌體', 'Main firmware') },
      { key: 'firmwareBoard', header: T('控制板固件', '控制板韌體', 'Board firmware') },
      { key: 'csq', header: T('信号强度', '訊號強度', 'Signal (CSQ)'), width: 10 },
      { key: 'netMode', header: T('网络模式', '網路模式', 'Network'), width: 10 },
      { key: 'slots', header: T('仓位数', '倉位數', 'Slots'), width: 8 },
      { key: 'freeSlots', header: T('空仓', '空倉', 'Free slots'), width: 10 },
      { key: 'powerBanks', header: T('充电宝数', '行動電源數', 'Power banks'), width: 12 },
      { key: 'chargedPowerBanks', header: T('电量≥80%', '電量≥80%', 'Charged ≥80%'), width: 12 },
      { key: 'batteryAvg', header: T('平均电量', '平均電量', 'Average battery'), width: 12 },
      { key: 'host', header: T('服务器地址', '伺服器位址', 'Server address') },
      { key: 'port', header: T('端口', '連接埠', 'Port'), width: 8 },
      { key: 'heartbeatSec', header: T('心跳间隔(秒)', '心跳間隔(秒)', 'Heartbeat (s)'), width: 12 },
      { key: 'ftpHost', header: T('FTP 地址', 'FTP 位址', 'FTP host') },
      { key: 'bound', header: T('已绑定', '已綁定', 'Bound'), width: 8 },
      { key: 'lastHeartbeatAt', header: T('最后心跳', '最後心跳', 'Last heartbeat'), width: 20 },
      { key: 'stockedInAt', header: T('入库时间', '入庫時間', 'Stocked in'), width: 20 },
    ],
    count: (f) => cabinets.count(f),
    rows: async (f, offset, limit, tz) =>
      (await cabinets.rows(f, offset, limit)).map((r) => ({ ...r, online: yesNo(r.online, f.lang), bound: yesNo(r.bound, f.lang), lastHeartbeatAt: at(r.lastHeartbeatAt, tz), stockedInAt: at(r.stockedInAt, tz) })),
  });
  deps.exports.register<PowerBankFilter & WithLang>('fleetPowerBank', {
    title: T('充电宝列表', '行動電源列表', 'Power banks'),
    columns: [
      { key: 'powerBankId', header: T('充电宝编号', '行動電源編號', 'Power bank ID'), width: 20 },
      { key: 'sn', header: T('所属机柜', '所屬機櫃', 'Cabinet'), width: 20 },
      { key: 'slot', header: T('仓位', '倉位', 'Slot'), width: 8 },
      { key: 'battery', header: T('电量', '電量', 'Battery'), width: 8 },
      { key: 'locked', header: T('锁定', '鎖定', 'Locked'), width: 8 },
      { key: 'leaseCount', header: T('租借次数', '租借次數', 'Lease count'), width: 12 },
      { key: 'leaseMinutes', header: T('租借时长(分钟)', '租借時長(分鐘)', 'Lease minutes'), width: 14 },
      { key: 'ejectFailures', header: T('弹出失败次数', '彈出失敗次數', 'Eject failures'), width: 14 },
      { key: 'updatedAt', header: T('更新时间', '更新時間', 'Updated'), width: 20 },
    ],
    count: (f) => cabinets.powerBankCount(f),
    rows: async (f, offset, limit, tz) => (await cabinets.powerBankRows(f, offset, limit)).map((r) => ({ ...r, locked: yesNo(r.locked, f.lang), updatedAt: at(r.updatedAt, tz) })),
  });
  deps.exports.register<ForcedEjectFilter & WithLang>('fleetForcedEject', {
    title: T('充电宝强制弹出记录', '行動電源強制彈出紀錄', 'Forced ejects'),
    columns: [
      { key: 'powerBankId', header: T('充电宝编号', '行動電源編號', 'Power bank ID'), width: 20 },
      { key: 'sn', header: T('机柜编号', '機櫃編號', 'Cabinet'), width: 20 },
      { key: 'slot', header: T('仓位', '倉位', 'Slot'), width: 8 },
      { key: 'reason', header: T('原因', '原因', 'Reason'), width: 24 },
      { key: 'operatorName', header: T('操作人', '操作人', 'Operator') },
      { key: 'outcome', header: T('弹出结果', '彈出結果', 'Eject outcome'), width: 16 },
      { key: 'state', header: T('状态', '狀態', 'State'), width: 12 },
      { key: 'returnedAt', header: T('归还时间', '歸還時間', 'Returned at'), width: 20 },
      { key: 'createdAt', header: T('弹出时间', '彈出時間', 'Ejected at'), width: 20 },
    ],
    count: (f) => commands.forcedEjectCount(f),
    rows: async (f, offset, limit, tz) => (await commands.forcedEjectRows(f, offset, limit)).map((r) => ({ ...r, outcome: OUTCOMES[r.outcome][f.lang], state: STATES[r.state][f.lang], returnedAt: at(r.returnedAt, tz), createdAt: at(r.createdAt, tz) })),
  });

  return {
    cabinets,
    /** What cabinets report, written in batches (the gateway's write path). */
    reports,
    /** The one writer of slot and power-bank state (inventories, slot events, eject results). */
    slots,
    commands,
    deviceLog,
    gateway,
    /** Stock-in by list or range, the same path as batch storage (the simulator stocks its cabinets in with it). */
    stockIn: (input: BatchStorageRequest, opts?: { lang?: Lang; by?: number | null }): Promise<BatchStorageReport> => cabinets.stockIn(input, opts),
    /** A cabinet's MQTT password (docs/protocol.md). */
    secretOf: (sn: string): string => cabinets.secretOf(sn),
  };
}

export type FleetServices = Awaited<ReturnType<typeof createFleet>>;
