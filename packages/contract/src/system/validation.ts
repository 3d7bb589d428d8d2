import type { Translations } from '../platform/lang.js';

const T = (zh_CN: string, zh_TW: string, en_US: string): Translations => ({ zh_CN, zh_TW, en_US });

/**
 * Messages of the system configuration rules (config.ts), merged into the validation
 * messages (validation.ts) so server answers and console forms read them the same way.
 */
export const systemRuleMessages = {
  'rule.money': T(
    '金额必须是 0 到 9999999.99 之间的数字，最多两位小数',
    '金額必須是 0 到 9999999.99 之間的數字，最多兩位小數',
    'must be an amount from 0 to 9999999.99 with at most two decimals',
  ),
  'rule.moneyNotZero': T('金额不能为 0', '金額不能為 0', 'cannot be zero'),
  'rule.cableFirstThree': T(
    '前三小时金额不能高于 12 小时封顶金额',
    '前三小時金額不能高於 12 小時封頂金額',
    'the first-three-hours amount cannot be above the 12-hour maximum',
  ),
  'rule.minNotAboveMax': T('最小值不能大于最大值', '最小值不能大於最大值', 'the minimum cannot be above the maximum'),
  'rule.freeMinutesWithin': T(
    '免费时长必须在最小和最大免费时长之间',
    '免費時長必須在最小和最大免費時長之間',
    'free minutes must lie between the minimum and maximum free time',
  ),
  'rule.minWithdrawal': T(
    '最低提现金额不能高于单笔上限',
    '最低提現金額不能高於單筆上限',
    'the minimum withdrawal cannot be above the single-transaction cap',
  ),
  'rule.minWithdrawalMax': T(
    '最低提现金额为 0 到 9999999',
    '最低提現金額為 0 到 9999999',
    'the minimum withdrawal must be from 0 to 9999999',
  ),
  'rule.autoLimit': T(
    '自动提现上限不能高于单笔上限',
    '自動提現上限不能高於單筆上限',
    'the automatic-mode upper limit cannot be above the single-transaction cap',
  ),
  'rule.prepayDefault': T(
    '默认预付金额不能高于预付上限',
    '預設預付金額不能高於預付上限',
    'the default prepayment cannot be above the prepayment maximum',
  ),
  'rule.hourlyNotAboveDaily': T(
    '每小时价格不能高于每日封顶',
    '每小時價格不能高於每日封頂',
    'the hourly price cannot be above the daily cap',
  ),
  'rule.depositAboveBuyout': T(
    '押金不能高于买断价',
    '押金不能高於買斷價',
    'the deposit cannot be above the buy-out price',
  ),
  'rule.merchantUrl': T(
    '必须是 https:// 地址（http:// 仅限 127.0.0.1 或 localhost），不带 ? 或 #',
    '必須是 https:// 位址（http:// 僅限 127.0.0.1 或 localhost），不帶 ? 或 #',
    'must be an https:// address (http:// only for 127.0.0.1 or localhost), without ? or #',
  ),
  'rule.pemKey': T(
    '必须是 PEM 格式（-----BEGIN … KEY-----）或 base64 的密钥',
    '必須是 PEM 格式（-----BEGIN … KEY-----）或 base64 的金鑰',
    'must be a key in PEM (-----BEGIN … KEY-----) or base64',
  ),
  'rule.apiV3Key': T(
    '必须正好 32 个字符（字母、数字或符号，不含空格）',
    '必須正好 32 個字元（字母、數字或符號，不含空格）',
    'must be exactly 32 characters (letters, digits or symbols, no spaces)',
  ),
  'rule.mchId': T('商户号为 8 到 12 位数字', '商戶號為 8 到 12 位數字', 'must be 8 to 12 digits'),
  'rule.appId': T(
    '必须是 4 到 64 个字母、数字、_、. 或 -',
    '必須是 4 到 64 個字母、數字、_、. 或 -',
    'must be 4 to 64 letters, digits, _, . or -',
  ),
  'rule.serialNo': T(
    '必须是 8 到 64 位十六进制数',
    '必須是 8 到 64 位十六進位數',
    'must be 8 to 64 hexadecimal digits',
  ),
  'rule.keyId': T(
    '必须是 1 到 64 个字母、数字、_ 或 -',
    '必須是 1 到 64 個字母、數字、_ 或 -',
    'must be 1 to 64 letters, digits, _ or -',
  ),
  'rule.secretReplaceAndClear': T(
    '同一个密钥不能同时替换和清除',
    '同一個金鑰不能同時替換和清除',
    'a secret cannot be replaced and cleared at once',
  ),
  'rule.merchantNothing': T('没有要保存的内容', '沒有要儲存的內容', 'nothing to save'),
  'rule.url': T(
    '链接必须以 http://、https:// 或 / 开头',
    '連結必須以 http://、https:// 或 / 開頭',
    'must be a link starting with http://, https:// or /',
  ),
  'rule.smsMinuteNotAboveHour': T(
    '每分钟条数不能高于每小时条数',
    '每分鐘則數不能高於每小時則數',
    'the per-minute budget cannot be above the per-hour budget',
  ),
  'rule.host': T('主机名格式不正确', '主機名稱格式不正確', 'must be a host name or IP address'),
  'rule.phone': T('电话格式不正确', '電話格式不正確', 'must be a phone number'),
} satisfies Record<string, Translations>;
