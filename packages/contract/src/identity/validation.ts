import type { Translations } from '../platform/lang.js';

const T = (zh_CN: string, zh_TW: string, en_US: string): Translations => ({ zh_CN, zh_TW, en_US });

/** Messages of the identity rules (passwords, user names, sign-in, menus), merged into the validation messages. */
export const identityRuleMessages = {
  'rule.password': T(
    '密码为 6-18 位字母或数字，不能包含特殊字符',
    '密碼為 6-18 位字母或數字，不能包含特殊字元',
    'must be 6-18 letters or digits, without special characters',
  ),
  'rule.userName': T(
    '用户名为 1-18 位字母、数字或下划线',
    '使用者名稱為 1-18 位字母、數字或底線',
    'must be 1-18 letters, digits or underscores',
  ),
  'rule.accountOrMobile': T(
    '请输入用户名，或区号和手机号',
    '請輸入使用者名稱，或區號和手機號碼',
    'enter a user name, or an area code and mobile number',
  ),
  'rule.menuPath': T(
    '路由须以 / 开头，只含字母、数字、-、_、: 和 /',
    '路由須以 / 開頭，只含字母、數字、-、_、: 和 /',
    'must start with / and hold only letters, digits, -, _, : and /',
  ),
  'rule.menuUrl': T(
    '视图地址格式为 模块/页面，例如 system/roles',
    '視圖位址格式為 模組/頁面，例如 system/roles',
    'must look like feature/view, for example system/roles',
  ),
} satisfies Record<string, Translations>;
