import type { Translations } from '../platform/lang.js';

const T = (zh_CN: string, zh_TW: string, en_US: string): Translations => ({ zh_CN, zh_TW, en_US });

/** Messages of the assets rules, merged into the validation messages. */
export const assetsRuleMessages = {
  'rule.modelCode': T('型号为 1-16 位字母或数字', '型號為 1-16 位字母或數字', 'must be 1-16 letters or digits'),
  'rule.slotCount': T('机柜型号必须填写仓位数', '機櫃型號必須填寫倉位數', 'is required for a cabinet model'),
  'rule.factoryCode': T(
    '厂家编码为 4 位字母或数字',
    '廠家編碼為 4 位字母或數字',
    'must be exactly 4 letters or digits',
  ),
  'rule.deviceId': T(
    '设备编码不规范：4 位字母加 12 或 13 位数字',
    '設備編碼不規範：4 位字母加 12 或 13 位數字',
    'is a non-standard device code: 4 letters and 12 or 13 digits',
  ),
  'rule.otherDeviceId': T(
    '设备编码不规范：4 位字母加 13 位数字',
    '設備編碼不規範：4 位字母加 13 位數字',
    'is a non-standard device code: 4 letters and 13 digits',
  ),
  'rule.idListOrRange': T(
    '请填写设备编号列表，或起止编号',
    '請填寫設備編號清單，或起訖編號',
    'give either a list of device IDs or a start and an end',
  ),
  'rule.idRangeLength': T('起止编号长度必须相同', '起訖編號長度必須相同', 'must have the same length as the start'),
  'rule.idRangePrefix': T(
    '起止编号的字母前缀必须相同',
    '起訖編號的字母前綴必須相同',
    'must have the same letters as the start',
  ),
  'rule.idRangeOrder': T('起始编号不能大于结束编号', '起始編號不能大於結束編號', 'cannot be below the start'),
  'rule.movementMax': T('单次最多 500 台设备', '單次最多 500 台設備', 'a movement takes at most 500 devices'),
  'rule.sameWarehouse': T(
    '调出与调入仓库不能相同',
    '調出與調入倉庫不能相同',
    'must differ from the warehouse the devices leave',
  ),
} satisfies Record<string, Translations>;
