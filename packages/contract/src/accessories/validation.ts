import type { Translations } from '../platform/lang.js';

const T = (zh_CN: string, zh_TW: string, en_US: string): Translations => ({ zh_CN, zh_TW, en_US });

/** Messages of the accessories rules (device IDs, packages, money), merged into the validation messages. */
export const accessoriesRuleMessages = {
  'rule.accDeviceId': T(
    '设备编码不规范：设备编号为 4 位字母加 13 位数字',
    '設備編碼不規範：設備編號為 4 位字母加 13 位數字',
    'is a non-standard device code: a device ID is 4 letters and 13 digits',
  ),
  'rule.accMoney': T(
    '金额必须是 0 到 9999999.99 之间的数字，最多两位小数',
    '金額必須是 0 到 9999999.99 之間的數字，最多兩位小數',
    'must be an amount from 0 to 9999999.99 with at most two decimals',
  ),
  'rule.accMoneyNotZero': T('金额不能为 0', '金額不能為 0', 'cannot be zero'),
  'rule.packageHours': T('套餐时长为 1 到 24 小时', '套餐時長為 1 到 24 小時', 'must be 1 to 24 hours'),
  'rule.packageHoursTwice': T(
    '同一时长的套餐只能有一个',
    '同一時長的套餐只能有一個',
    'the same duration appears twice',
  ),
  'rule.packageFirstThree': T(
    '前三小时金额不能高于 12 小时封顶金额',
    '前三小時金額不能高於 12 小時封頂金額',
    'the first-three-hours amount cannot be above the 12-hour maximum',
  ),
  'rule.offlineCode': T('解锁码为 8 位数字', '解鎖碼為 8 位數字', 'must be 8 digits'),
  'rule.hourlyNotAboveDailyCap': T(
    '每小时价格不能高于每日封顶',
    '每小時價格不能高於每日封頂',
    'the hourly price cannot be above the daily cap',
  ),
  'rule.repairDeviceId': T(
    '设备编码不规范：设备编号为 4 位字母加 12 或 13 位数字',
    '設備編碼不規範：設備編號為 4 位字母加 12 或 13 位數字',
    'is a non-standard device code: 4 letters and 12 or 13 digits',
  ),
  'rule.repairPicture': T(
    '图片地址必须以 http://、https:// 或 / 开头',
    '圖片位址必須以 http://、https:// 或 / 開頭',
    'must be a picture address starting with http://, https:// or /',
  ),
} satisfies Record<string, Translations>;
