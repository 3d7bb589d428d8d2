import { tr, type ExportLabels, type LabelGroup } from '../platform/labels.js';
import type { Translations } from '../platform/lang.js';
import type { COMMAND_STATES, COMMAND_TYPES } from './command.js';
import type { EJECT_OUTCOMES, FORCED_EJECT_STATES } from './forced-eject.js';
import type { SLOT_FAULTS } from './shared.js';
import type { CONNECTION_STATES } from './cabinet.js';
import type { fleetCalls } from './calls.js';

/** Words of the fleet domain that both the console and the server show. */
export const fleetLabels = {
  /** Whether a cabinet is connected; never connected is not offline. */
  connection: {
    online: tr('在线', '在線', 'Online'),
    offline: tr('离线', '離線', 'Offline'),
    neverConnected: tr('从未连接', '從未連接', 'Never connected'),
  } satisfies LabelGroup<(typeof CONNECTION_STATES)[number]>,
  commandState: {
    pending: tr('待发送', '待發送', 'Pending'),
    sent: tr('已发送', '已發送', 'Sent'),
    acknowledged: tr('已确认', '已確認', 'Acknowledged'),
    succeeded: tr('成功', '成功', 'Succeeded'),
    failed: tr('失败', '失敗', 'Failed'),
    expired: tr('已过期', '已過期', 'Expired'),
  } satisfies LabelGroup<(typeof COMMAND_STATES)[number]>,
  commandType: {
    restart: tr('重启', '重啟', 'Restart'),
    openLock: tr('开锁', '開鎖', 'Open lock'),
    config: tr('更新配置', '更新設定', 'Update config'),
    upgrade: tr('固件升级', '韌體升級', 'Firmware upgrade'),
    queryVersion: tr('查询版本', '查詢版本', 'Query version'),
    queryIccid: tr('查询 ICCID', '查詢 ICCID', 'Query ICCID'),
    queryInventory: tr('查询库存', '查詢庫存', 'Query inventory'),
    eject: tr('弹出', '彈出', 'Eject'),
  } satisfies LabelGroup<(typeof COMMAND_TYPES)[number]>,
  slotFault: {
    motor: tr('电机故障', '馬達故障', 'Motor fault'),
    sensor: tr('传感器故障', '感測器故障', 'Sensor fault'),
    lock: tr('锁故障', '鎖故障', 'Lock fault'),
    comm: tr('通信故障', '通訊故障', 'Communication fault'),
  } satisfies LabelGroup<(typeof SLOT_FAULTS)[number]>,
  /** What became of a forced eject. */
  ejectOutcome: {
    pending: tr('进行中', '進行中', 'In progress'),
    ejected: tr('已弹出', '已彈出', 'Ejected'),
    confirmedByInventory: tr('已弹出（库存确认）', '已彈出（庫存確認）', 'Ejected (confirmed by inventory)'),
    failed: tr('失败', '失敗', 'Failed'),
  } satisfies LabelGroup<(typeof EJECT_OUTCOMES)[number]>,
  /** Whether a forced-out power bank came back. */
  forcedEjectState: {
    notReturned: tr('未归还', '未歸還', 'Not returned'),
    returned: tr('已归还', '已歸還', 'Returned'),
  } satisfies LabelGroup<(typeof FORCED_EJECT_STATES)[number]>,
} as const;

/** The title and column headers of fleet's exports, keyed by the export call. */
export const fleetExports = {
  cabinetExport: {
    title: tr('机柜列表', '機櫃列表', 'Cabinets'),
    columns: {
      sn: tr('机柜编号', '機櫃編號', 'SN'),
      online: tr('连接状态', '連線狀態', 'Connection'),
      iccid: tr('ICCID', 'ICCID', 'ICCID'),
      imei: tr('IMEI', 'IMEI', 'IMEI'),
      firmwareMain: tr('主板固件', '主板韌體', 'Main firmware'),
      firmwareBoard: tr('控制板固件', '控制板韌體', 'Board firmware'),
      csq: tr('信号强度', '訊號強度', 'Signal (CSQ)'),
      netMode: tr('网络模式', '網路模式', 'Network'),
      slots: tr('仓位数', '倉位數', 'Slots'),
      freeSlots: tr('空仓', '空倉', 'Free slots'),
      powerBanks: tr('充电宝数', '行動電源數', 'Power banks'),
      chargedPowerBanks: tr('电量≥80%', '電量≥80%', 'Charged ≥80%'),
      batteryAvg: tr('平均电量', '平均電量', 'Average battery'),
      host: tr('服务器地址', '伺服器位址', 'Server address'),
      port: tr('端口', '連接埠', 'Port'),
      heartbeatSec: tr('心跳间隔(秒)', '心跳間隔(秒)', 'Heartbeat (s)'),
      ftpHost: tr('FTP 地址', 'FTP 位址', 'FTP host'),
      bound: tr('已绑定', '已綁定', 'Bound'),
      lastHeartbeatAt: tr('最后心跳', '最後心跳', 'Last heartbeat'),
      stockedInAt: tr('入库时间', '入庫時間', 'Stocked in'),
    },
  },
  powerBankExport: {
    title: tr('充电宝列表', '行動電源列表', 'Power banks'),
    columns: {
      powerBankId: tr('充电宝编号', '行動電源編號', 'Power bank ID'),
      sn: tr('所属机柜', '所屬機櫃', 'Cabinet'),
      slot: tr('仓位', '倉位', 'Slot'),
      battery: tr('电量', '電量', 'Battery'),
      locked: tr('锁定', '鎖定', 'Locked'),
      leaseCount: tr('租借次数', '租借次數', 'Lease count'),
      leaseMinutes: tr('租借时长(分钟)', '租借時長(分鐘)', 'Lease minutes'),
      ejectFailures: tr('弹出失败次数', '彈出失敗次數', 'Eject failures'),
      updatedAt: tr('更新时间', '更新時間', 'Updated'),
    },
  },
  forcedEjectExport: {
    title: tr('充电宝强制弹出记录', '行動電源強制彈出紀錄', 'Forced ejects'),
    columns: {
      powerBankId: tr('充电宝编号', '行動電源編號', 'Power bank ID'),
      sn: tr('机柜编号', '機櫃編號', 'Cabinet'),
      slot: tr('仓位', '倉位', 'Slot'),
      reason: tr('原因', '原因', 'Reason'),
      operatorName: tr('操作人', '操作人', 'Operator'),
      outcome: tr('弹出结果', '彈出結果', 'Eject outcome'),
      state: tr('状态', '狀態', 'State'),
      returnedAt: tr('归还时间', '歸還時間', 'Returned at'),
      createdAt: tr('弹出时间', '彈出時間', 'Ejected at'),
    },
  },
} as const satisfies { [K in keyof typeof fleetCalls]?: ExportLabels };

/** What each change of the fleet domain is called in the operation log, keyed by its call. */
export const fleetActions = {
  cabinetExport: tr('导出机柜', '匯出機櫃', 'Export cabinets'),
  cabinetBatchStorage: tr('机柜批量入库', '機櫃批量入庫', 'Stock in cabinets'),
  cabinetDelete: tr('删除机柜', '刪除機櫃', 'Delete cabinet'),
  powerBankDelete: tr('删除充电宝', '刪除行動電源', 'Delete power bank'),
  powerBankExport: tr('导出充电宝', '匯出行動電源', 'Export power banks'),
  forcedEjectEject: tr('强制弹出', '強制彈出', 'Forced eject'),
  forcedEjectExport: tr('导出强制弹出记录', '匯出強制彈出紀錄', 'Export forced ejects'),
  firmwareUpgrade: tr('固件升级', '韌體升級', 'Firmware upgrade'),
  commandSend: tr('发送设备指令', '發送設備指令', 'Send device command'),
} as const satisfies { [K in keyof typeof fleetCalls]?: Translations };

/** What each call of the fleet domain that changes nothing is named (interfaces screen); a change is named by its action above. */
export const fleetReads = {
  cabinetQueryPage: tr('查询机柜', '查詢機櫃', 'Query cabinets'),
  cabinetDetail: tr('机柜详情', '機櫃詳情', 'Cabinet details'),
  cabinetSecret: tr('机柜MQTT凭据', '機櫃MQTT憑證', 'Cabinet MQTT credentials'),
  cabinetQrLabels: tr('机柜二维码标签', '機櫃QR碼標籤', 'Cabinet QR labels'),
  appScan: tr('用户端扫码', '使用者端掃碼', 'Customer app: scan a code'),
  powerBankQueryPage: tr('查询充电宝', '查詢行動電源', 'Query power banks'),
  forcedEjectQueryPage: tr('查询强制弹出记录', '查詢強制彈出紀錄', 'Query forced ejects'),
  firmwareQueryPage: tr('查询固件升级', '查詢韌體升級', 'Query firmware upgrades'),
  firmwareDetail: tr('固件升级详情', '韌體升級詳情', 'Firmware upgrade details'),
  commandQueryPage: tr('查询设备指令', '查詢設備指令', 'Query device commands'),
  commandDetail: tr('设备指令详情', '設備指令詳情', 'Device command details'),
  fleetOverview: tr('设备概况', '設備概況', 'Fleet overview'),
  deviceLogQueryPage: tr('查询设备日志', '查詢設備日誌', 'Query device log'),
} as const satisfies { [K in keyof typeof fleetCalls]?: Translations };
