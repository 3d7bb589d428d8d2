import type { Translations } from '../platform/lang.js';

const T = (zh_CN: string, zh_TW: string, en_US: string): Translations => ({ zh_CN, zh_TW, en_US });

/** Messages of the fleet rules (device codes, batch storage, firmware), merged into the validation messages. */
export const fleetRuleMessages = {
  'rule.cabinetSn': T(
    '设备编码不规范：机柜编号为 4 位字母加 12 或 13 位数字',
    '設備編碼不規範：機櫃編號為 4 位字母加 12 或 13 位數字',
    'is a non-standard device code: a cabinet SN is 4 letters and 12 or 13 digits',
  ),
  'rule.powerBankId': T(
    '设备编码不规范：充电宝编号为 4 位字母加 13 位数字',
    '設備編碼不規範：行動電源編號為 4 位字母加 13 位數字',
    'is a non-standard device code: a power bank ID is 4 letters and 13 digits',
  ),
  'rule.snListOrRange': T(
    '请填写机柜编号列表，或起止编号',
    '請填寫機櫃編號清單，或起訖編號',
    'give either a list of cabinet SNs or a start and an end',
  ),
  'rule.snRangeLength': T('起止编号长度必须相同', '起訖編號長度必須相同', 'must have the same length as start'),
  'rule.snRangePrefix': T(
    '起止编号的字母前缀必须相同',
    '起訖編號的字母前綴必須相同',
    'must have the same letters as start',
  ),
  'rule.snRangeOrder': T('起始编号不能大于结束编号', '起始編號不能大於結束編號', 'cannot be below start'),
  'rule.batchStorageMax': T('单次入库最多 500 台', '單次入庫最多 500 台', 'a batch stocks in at most 500 cabinets'),
  'rule.firmwareVersion': T(
    '版本号只能包含字母、数字、点、下划线和连字符',
    '版本號只能包含字母、數字、點、底線和連字號',
    'must be letters, digits, dots, underscores or hyphens',
  ),
  'rule.firmwareUrl': T(
    '固件地址必须以 http://、https:// 或 ftp:// 开头',
    '韌體位址必須以 http://、https:// 或 ftp:// 開頭',
    'must start with http://, https:// or ftp://',
  ),
  'rule.sha256': T(
    'SHA-256 校验值为 64 位十六进制字符',
    'SHA-256 校驗值為 64 位十六進位字元',
    'must be 64 hexadecimal characters',
  ),
} satisfies Record<string, Translations>;
