import { z } from 'zod';
import { interpolate, type Lang, type Translations } from './lang.js';
import { systemRuleMessages } from './validation-system.js';

/**
 * Validation messages in three languages, shared by the server (msg of code 100001) and the
 * console's forms, so a rule reads the same wherever it fails. Rules of spec 5 carry a message
 * key (`rule.*`) as their zod error; built-in checks are phrased from the issue's code.
 */
const T = (zh_CN: string, zh_TW: string, en_US: string): Translations => ({ zh_CN, zh_TW, en_US });

export const validationMessages = {
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
  'rule.noControl': T('不能包含控制字符（如 NUL）', '不能包含控制字元（如 NUL）', 'must not contain control characters (such as NUL)'),
  'rule.mobile': T('手机号格式错误', '手機號碼格式錯誤', 'must be 1-20 digits'),
  'rule.areaCode': T('区号格式错误', '區號格式錯誤', 'must be an area code such as 86'),
  'rule.password': T('密码为 6-18 位字母或数字，不能包含特殊字符', '密碼為 6-18 位字母或數字，不能包含特殊字元',
    'must be 6-18 letters or digits, without special characters'),
  'rule.userName': T('用户名为 1-18 位字母、数字或下划线', '使用者名稱為 1-18 位字母、數字或底線',
    'must be 1-18 letters, digits or underscores'),
  'rule.email': T('邮箱格式不正确', '電子郵件格式不正確', 'must be a valid email address'),
  'rule.code6': T('验证码为 6 位数字', '驗證碼為 6 位數字', 'must be 6 digits'),
  'rule.accountOrMobile': T('请输入用户名，或区号和手机号', '請輸入使用者名稱，或區號和手機號碼',
    'enter a user name, or an area code and mobile number'),
  'rule.dateTime': T('时间格式不正确', '時間格式不正確', 'must be a date and time'),
  'rule.menuPath': T('路由须以 / 开头，只含字母、数字、-、_、: 和 /', '路由須以 / 開頭，只含字母、數字、-、_、: 和 /',
    'must start with / and hold only letters, digits, -, _, : and /'),
  'rule.menuUrl': T('视图地址格式为 模块/页面，例如 system/roles', '視圖位址格式為 模組/頁面，例如 system/roles',
    "must look like feature/view, for example system/roles"),
  'rule.percent': T('必须是 0-100 的整数', '必須是 0-100 的整數', 'must be a whole number from 0 to 100'),
  'rule.cabinetSn': T('设备编码不规范：机柜编号为 4 位字母加 12 或 13 位数字', '設備編碼不規範：機櫃編號為 4 位字母加 12 或 13 位數字',
    'is a non-standard device code: a cabinet SN is 4 letters and 12 or 13 digits'),
  'rule.powerBankId': T('设备编码不规范：充电宝编号为 4 位字母加 13 位数字', '設備編碼不規範：行動電源編號為 4 位字母加 13 位數字',
    'is a non-standard device code: a power bank ID is 4 letters and 13 digits'),
  'rule.snListOrRange': T('请填写机柜编号列表，或起止编号', '請填寫機櫃編號清單，或起訖編號', 'give either a list of cabinet SNs or a start and an end'),
  'rule.snRangeLength': T('起止编号长度必须相同', '起訖編號長度必須相同', 'must have the same length as start'),
  'rule.snRangePrefix': T('起止编号的字母前缀必须相同', '起訖編號的字母前綴必須相同', 'must have the same letters as start'),
  'rule.snRangeOrder': T('起始编号不能大于结束编号', '起始編號不能大於結束編號', 'cannot be below start'),
  'rule.batchStorageMax': T('单次入库最多 500 台', '單次入庫最多 500 台', 'a batch stocks in at most 500 cabinets'),
  'rule.firmwareVersion': T('版本号只能包含字母、数字、点、下划线和连字符', '版本號只能包含字母、數字、點、底線和連字號',
    'must be letters, digits, dots, underscores or hyphens'),
  'rule.firmwareUrl': T('固件地址必须以 http://、https:// 或 ftp:// 开头', '韌體位址必須以 http://、https:// 或 ftp:// 開頭',
    'must start with http://, https:// or ftp://'),
  'rule.sha256': T('SHA-256 校验值为 64 位十六进制字符', 'SHA-256 校驗值為 64 位十六進位字元', 'must be 64 hexadecimal characters'),
  ...systemRuleMessages,
} satisfies Record<string, Translations>;

export type ValidationKey = keyof typeof validationMessages;

export function validationText(key: ValidationKey, lang: Lang, params?: Record<string, unknown>): string {
  return interpolate(validationMessages[key][lang], params);
}

/** Describes one zod issue in the given language, without the field name. */
export function describeIssue(issue: z.core.$ZodIssue, lang: Lang): string {
  if (issue.message && issue.message in validationMessages) {
    return validationText(issue.message as ValidationKey, lang);
  }
  switch (issue.code) {
    case 'invalid_type':
      // An integer check fails as invalid_type (expected int) on a number such as 1.5.
      if (issue.expected === 'int' && typeof issue.input === 'number' && !Number.isNaN(issue.input)) return validationText('notInteger', lang);
      return validationText(issue.input === undefined || issue.input === null ? 'required' : 'invalidType', lang);
    case 'too_small':
      if (issue.origin === 'string') {
        return Number(issue.minimum) <= 1 ? validationText('required', lang) : validationText('tooShort', lang, { min: issue.minimum });
      }
      if (issue.origin === 'array' || issue.origin === 'set') return validationText('tooFewItems', lang, { min: issue.minimum });
      return validationText('tooSmall', lang, { min: issue.minimum });
    case 'too_big':
      if (issue.origin === 'string') return validationText('tooLong', lang, { max: issue.maximum });
      if (issue.origin === 'array' || issue.origin === 'set') return validationText('tooManyItems', lang, { max: issue.maximum });
      return validationText('tooBig', lang, { max: issue.maximum });
    case 'invalid_union': {
      // "an email, or empty": say what the first alternative wanted, not "not allowed".
      const first = issue.errors?.[0]?.[0];
      return first ? describeIssue(first, lang) : validationText('invalidValue', lang);
    }
    case 'invalid_value':
      return validationText('invalidValue', lang);
    case 'invalid_format':
      return validationText('invalidFormat', lang);
    case 'unrecognized_keys':
      return validationText('unknownKeys', lang, { keys: issue.keys.join(', ') });
    case 'not_multiple_of':
      return validationText('notInteger', lang);
    default:
      return validationText('invalidFormat', lang);
  }
}

/** "field: reason" for the first issue, the text of error code 100001. */
export function describeError(error: z.core.$ZodError | { issues: z.core.$ZodIssue[] }, lang: Lang): string {
  const issue = error.issues[0];
  if (!issue) return validationText('invalidFormat', lang);
  const field = issue.path.map(String).join('.');
  const reason = describeIssue(issue, lang);
  return field ? `${field}: ${reason}` : reason;
}
