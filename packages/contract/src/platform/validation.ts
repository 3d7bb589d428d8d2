import type { Translations } from './lang.js';

const T = (zh_CN: string, zh_TW: string, en_US: string): Translations => ({ zh_CN, zh_TW, en_US });

/**
 * Validation messages of the built-in checks (required, too long, wrong type...) and of the
 * shared field rules (platform/rules.ts). Each domain adds the messages of its own rules in
 * <domain>/validation.ts; validation.ts joins them.
 */
export const platformRuleMessages = {
  required: T('不能为空', '不能為空', 'is required'),
  invalidType: T('类型不正确', '類型不正確', 'has the wrong type'),
  tooShort: T('长度不能少于 {min} 个字符', '長度不能少於 {min} 個字元', 'must be at least {min} characters'),
  tooLong: T('长度不能超过 {max} 个字符', '長度不能超過 {max} 個字元', 'must be at most {max} characters'),
  tooSmall: T('不能小于 {min}', '不能小於 {min}', 'must be at least {min}'),
  tooBig: T('不能大于 {max}', '不能大於 {max}', 'must be at most {max}'),
  tooFewItems: T('至少选择 {min} 项', '至少選擇 {min} 項', 'needs at least {min} items'),
  tooManyItems: T('最多 {max} 项', '最多 {max} 項', 'allows at most {max} items'),
  notInteger: T('必须是整数', '必須是整數', 'must be a whole number'),
  invalidValue: T('取值不正确', '取值不正確', 'is not an allowed value'),
  invalidFormat: T('格式不正确', '格式不正確', 'has the wrong format'),
  unknownKeys: T('包含未知字段 {keys}', '包含未知欄位 {keys}', 'has unknown fields {keys}'),
  'rule.wholeFrom1': T('必须是不小于 1 的整数', '必須是不小於 1 的整數', 'must be a whole number ≥ 1'),
  'rule.noControl': T(
    '不能包含控制字符（如 NUL）',
    '不能包含控制字元（如 NUL）',
    'must not contain control characters (such as NUL)',
  ),
  'rule.loneSurrogate': T(
    '包含无效字符（不成对的 UTF-16 代理项）',
    '包含無效字元（不成對的 UTF-16 代理項）',
    'contains an invalid character (a lone UTF-16 surrogate)',
  ),
  'rule.mobile': T('手机号格式错误', '手機號碼格式錯誤', 'must be 1-20 digits'),
  'rule.areaCode': T('区号格式错误', '區號格式錯誤', 'must be an area code such as 86'),
  'rule.phoneCountry': T(
    '区号不是有效的国家或地区代码',
    '區號不是有效的國家或地區代碼',
    'is not a country calling code (such as 86)',
  ),
  'rule.phoneNumber': T(
    '手机号码位数不正确',
    '手機號碼位數不正確',
    'is not a phone number of that country (4 to 14 digits)',
  ),
  'rule.email': T('邮箱格式不正确', '電子郵件格式不正確', 'must be a valid email address'),
  'rule.code6': T('验证码为 6 位数字', '驗證碼為 6 位數字', 'must be 6 digits'),
  'rule.dateTime': T('时间格式不正确', '時間格式不正確', 'must be a date and time'),
  'rule.date': T('日期格式不正确（YYYY-MM-DD）', '日期格式不正確（YYYY-MM-DD）', 'must be a date (YYYY-MM-DD)'),
  'rule.percent': T('必须是 0-100 的整数', '必須是 0-100 的整數', 'must be a whole number from 0 to 100'),
} satisfies Record<string, Translations>;
