import { def, type ErrorDef } from '../platform/error-def.js';

/** Errors of the fleet domain (cabinets, power banks, commands, the gateway): codes 1003xx. */
export const fleetErrors = {
  DEVICE_CODE_NONSTANDARD: def(100301, 'A cabinet SN or power bank ID breaks the ID rules (fleet/rules.ts).',
    '设备编码不规范', '設備編碼不規範', 'Non-standard device code'),
  DEVICE_IN_STOCK: def(100302, 'The cabinet was already stocked in.',
    '设备已入库', '設備已入庫', 'The device is already in stock'),
  DEVICE_NOT_FOUND: def(100303, 'No cabinet or power bank with this code was stocked in.',
    '设备不存在', '設備不存在', 'Device not found'),
  DEVICE_DUPLICATE: def(100304, 'The same SN appears twice in one batch; the first one counts.',
    '设备编码重复', '設備編碼重複', 'The device code appears more than once'),
  CABINET_OFFLINE: def(100305, 'Commands are not queued for an offline cabinet: refused at once.',
    '机柜不在线，无法下发指令', '機櫃不在線，無法下發指令', 'The cabinet is offline; the command was not sent'),
  SLOT_NOT_FOUND: def(100306, 'The slot number is above the slot count the cabinet registered with.',
    '机柜没有第 {slot} 号仓位', '機櫃沒有第 {slot} 號倉位', 'The cabinet has no slot {slot}'),
  SLOT_EMPTY: def(100307, 'Forced eject: the last inventory shows no power bank in this slot.',
    '该仓位没有充电宝', '該倉位沒有行動電源', 'There is no power bank in this slot'),
  SLOT_BUSY: def(100308, 'Another eject or open-lock for this slot has not finished; it is never sent twice.',
    '该仓位有未完成的弹出指令，请稍后再试', '該倉位有未完成的彈出指令，請稍後再試',
    'An eject for this slot has not finished yet; try again later'),
  GATEWAY_DOWN: def(100309, 'The server is not connected to the MQTT broker, so nothing can reach the cabinets.',
    '设备网关未连接，请稍后再试', '設備閘道未連線，請稍後再試', 'The device gateway is not connected; try again later'),
  BATCH_PARTIAL: def(100310, 'Part of a batch failed; data holds the report (answered with code -100).',
    '部分设备处理失败：成功 {succeeded} 台，失败 {failed} 台', '部分設備處理失敗：成功 {succeeded} 台，失敗 {failed} 台',
    'Some devices failed: {succeeded} succeeded, {failed} failed'),
} as const satisfies Record<string, ErrorDef>;
