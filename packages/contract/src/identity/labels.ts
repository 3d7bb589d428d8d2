import { tr, type ExportLabels, type LabelGroup } from '../platform/labels.js';
import type { Lang, Translations } from '../platform/lang.js';
import type { MANAGE_STATUS } from './admin.js';
import type { identityCalls } from './calls.js';
import type { LOGIN_FAIL_REASONS, LOGIN_RESULTS } from './login-log.js';

/** Words of the identity domain that both the console and the server show. */
export const identityLabels = {
  /** Seeded roles: a seeded role is named `role.<key>` and reads by the viewer's language. */
  role: {
    superAdmin: tr('超级管理员', '超級管理員', 'Super administrator'),
    finance: tr('财务', '財務', 'Finance'),
    operations: tr('运营', '營運', 'Operations'),
    customerService: tr('客服', '客服', 'Customer service'),
  },
  /** Remarks of the seeded roles: stored as `roleRemark.<key>`, read in the viewer's language. */
  roleRemark: {
    superAdmin: tr('拥有全部菜单和接口', '擁有全部選單和介面', 'Holds every menu and every interface'),
    finance: tr(
      '资金：资金流水、退款、提现、财务统计',
      '資金：資金流水、退款、提現、財務統計',
      'Money: fund flows, refunds, withdrawals, financial statistics',
    ),
    operations: tr(
      '网点、设备、订单及负责它们的人员',
      '網點、設備、訂單及負責它們的人員',
      'Outlets, devices, orders and the staff who run them',
    ),
    customerService: tr(
      '用户、订单和反馈，用于答复客户',
      '使用者、訂單和回饋，用於答覆客戶',
      'Users, orders and feedback, to answer customers',
    ),
  },
  /** Account status (MANAGE_STATUS). */
  manageStatus: {
    normal: tr('正常', '正常', 'Normal'),
    frozen: tr('冻结', '凍結', 'Frozen'),
  } satisfies LabelGroup<keyof typeof MANAGE_STATUS>,
  /** Result of a sign-in attempt. */
  loginResult: {
    success: tr('成功', '成功', 'Success'),
    fail: tr('失败', '失敗', 'Failed'),
  } satisfies LabelGroup<(typeof LOGIN_RESULTS)[number]>,
  /** Why a sign-in failed, keyed by the value the login log stores. */
  loginFailReason: {
    locked: tr('账号已锁定（失败次数过多）', '帳號已鎖定（失敗次數過多）', 'Locked after too many failures'),
    slowed: tr('失败次数较多，需稍候再试', '失敗次數較多，需稍候再試', 'Made to wait after failures'),
    'unknown account': tr('账号不存在', '帳號不存在', 'Unknown account'),
    'wrong password': tr('密码错误', '密碼錯誤', 'Wrong password'),
    frozen: tr('账号已冻结', '帳號已凍結', 'Account frozen'),
  } satisfies LabelGroup<(typeof LOGIN_FAIL_REASONS)[number]>,
} as const;

/** The title and column headers of identity's exports, keyed by the export call. */
export const identityExports = {
  loginLogExport: {
    title: tr('登录日志', '登入日誌', 'Login log'),
    columns: {
      userName: tr('账号', '帳號', 'Account'),
      accountType: tr('账号类型', '帳號類型', 'Account type'),
      terminal: tr('终端', '終端', 'Terminal'),
      result: tr('结果', '結果', 'Result'),
      failReason: tr('失败原因', '失敗原因', 'Failure reason'),
      ip: tr('地址', '位址', 'Address'),
      userAgent: tr('浏览器', '瀏覽器', 'User agent'),
      createTime: tr('时间', '時間', 'Time'),
    },
  },
  manageExport: {
    title: tr('人员管理', '人員管理', 'Personnel'),
    columns: {
      userName: tr('用户名', '使用者名稱', 'User name'),
      nickName: tr('昵称', '暱稱', 'Nickname'),
      mobile: tr('手机号', '手機號碼', 'Mobile'),
      email: tr('邮箱', '電子郵件', 'Email'),
      roles: tr('角色', '角色', 'Roles'),
      orgName: tr('部门', '部門', 'Department'),
      status: tr('状态', '狀態', 'Status'),
      loginCount: tr('登录次数', '登入次數', 'Sign-ins'),
      lastLoginTime: tr('最后登录', '最後登入', 'Last sign-in'),
      createTime: tr('创建时间', '建立時間', 'Created'),
    },
  },
} as const satisfies { [K in keyof typeof identityCalls]?: ExportLabels };

const ROLE_PREFIX = 'role.';
const REMARK_PREFIX = 'roleRemark.';
type SeededRoleKey = keyof typeof identityLabels.role;
const SEEDED_ROLE_KEYS = Object.keys(identityLabels.role) as SeededRoleKey[];

/** The seeded key a stored text names (`role.finance` → finance), or null. */
function keyOf(stored: string, prefix: string): SeededRoleKey | null {
  const key = stored.startsWith(prefix) ? stored.slice(prefix.length) : null;
  return key !== null && Object.hasOwn(identityLabels.role, key) ? (key as SeededRoleKey) : null;
}

/**
 * A role's name as people read it: a seeded role (`role.superAdmin`) in the viewer's language, a
 * role an operator named as typed.
 */
export function roleNameIn(name: string, lang: Lang): string {
  const key = keyOf(name, ROLE_PREFIX);
  return key ? identityLabels.role[key][lang] : name;
}

/** A role's remark as people read it: a seeded remark (`roleRemark.finance`) in the viewer's language. */
export function roleRemarkIn(remark: string, lang: Lang): string {
  const key = keyOf(remark, REMARK_PREFIX);
  return key ? identityLabels.roleRemark[key][lang] : remark;
}

const same = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase();

/**
 * How a role name is stored: a name that reads as a seeded role's name in any language ("财务",
 * "Finance", "role.finance") is stored as that role's key, so it shows in each viewer's language
 * and two roles can never read alike; any other name as typed. Names are unique on this form.
 */
export function storedRoleName(name: string): string {
  const key = SEEDED_ROLE_KEYS.find(
    (k) => same(name, ROLE_PREFIX + k) || Object.values(identityLabels.role[k]).some((t) => same(name, t)),
  );
  return key ? ROLE_PREFIX + key : name.trim();
}

/** How a role remark is stored: a seeded remark in any language is stored as its key. */
export function storedRoleRemark(remark: string): string {
  const key = SEEDED_ROLE_KEYS.find(
    (k) => same(remark, REMARK_PREFIX + k) || Object.values(identityLabels.roleRemark[k]).some((t) => same(remark, t)),
  );
  return key ? REMARK_PREFIX + key : remark;
}

/** The stored names of the seeded roles whose name contains `text` in any language (a search by name). */
export function seededRoleNamesMatching(text: string): string[] {
  const t = text.trim().toLowerCase();
  return SEEDED_ROLE_KEYS.filter((k) =>
    Object.values(identityLabels.role[k]).some((n) => n.toLowerCase().includes(t)),
  ).map((k) => ROLE_PREFIX + k);
}

/** What each change of the identity domain is called in the operation log, keyed by its call. */
export const identityActions = {
  login: tr('登录', '登入', 'Sign in'),
  logout: tr('退出登录', '登出', 'Sign out'),
  manageUpdate: tr('修改账号', '修改帳號', 'Edit account'),
  manageCreate: tr('新增账号', '新增帳號', 'Create account'),
  manageStatus: tr('冻结/解冻账号', '凍結/解凍帳號', 'Freeze or unfreeze account'),
  manageResetPassword: tr('重置密码', '重設密碼', 'Reset password'),
  manageUnlockLogin: tr('解除登录锁定', '解除登入鎖定', 'Lift sign-in lockout'),
  manageExport: tr('导出人员', '匯出人員', 'Export personnel'),
  orgSave: tr('保存部门', '儲存部門', 'Save department'),
  orgDelete: tr('删除部门', '刪除部門', 'Delete department'),
  roleSave: tr('保存角色', '儲存角色', 'Save role'),
  roleDelete: tr('删除角色', '刪除角色', 'Delete role'),
  menuSave: tr('保存菜单', '儲存選單', 'Save menu'),
  menuDelete: tr('删除菜单', '刪除選單', 'Delete menu'),
  menuBindUrls: tr('绑定菜单接口', '綁定選單介面', 'Bind menu interfaces'),
  menuUploadIcon: tr('上传菜单图标', '上傳選單圖示', 'Upload menu icon'),
  managePassword: tr('修改密码', '修改密碼', 'Change password'),
  manageAvatar: tr('上传头像', '上傳頭像', 'Upload avatar'),
  manageSendCode: tr('发送验证码', '發送驗證碼', 'Send verification code'),
  manageCheckCode: tr('校验验证码', '校驗驗證碼', 'Check verification code'),
  manageNewMobileCode: tr('向新手机号发送验证码', '向新手機號碼發送驗證碼', 'Send code to new mobile'),
  manageUpdateMobile: tr('修改手机号', '修改手機號碼', 'Change mobile'),
  loginLogExport: tr('导出登录日志', '匯出登入日誌', 'Export login log'),
} as const satisfies { [K in keyof typeof identityCalls]?: Translations };

/** What each call of the identity domain that changes nothing is named (interfaces screen); a change is named by its action above. */
export const identityReads = {
  userInfo: tr('当前账号信息', '目前帳號資訊', 'Signed-in account'),
  userPreviousLogin: tr('上次登录', '上次登入', 'Previous sign-in'),
  menuListByUser: tr('我的菜单', '我的選單', 'My menus'),
  menuGetButton: tr('页面按钮权限', '頁面按鈕權限', 'Buttons of a screen'),
  menuPathStatus: tr('页面访问状态', '頁面存取狀態', 'Screen access status'),
  menuDashboard: tr('首页组件', '首頁元件', 'Dashboard widgets'),
  manageInfo: tr('账号详情', '帳號詳情', 'Account details'),
  manageList: tr('查询人员', '查詢人員', 'Query personnel'),
  manageLoginLocks: tr('查询登录锁定', '查詢登入鎖定', 'Query sign-in lockouts'),
  orgTree: tr('部门树', '部門樹', 'Department tree'),
  roleOptions: tr('角色选项', '角色選項', 'Role options'),
  roleQueryPage: tr('查询角色', '查詢角色', 'Query roles'),
  roleDetail: tr('角色详情', '角色詳情', 'Role details'),
  menuListAll: tr('全部菜单与按钮', '全部選單與按鈕', 'All menus and buttons'),
  menuRecursions: tr('菜单管理树', '選單管理樹', 'Menu management tree'),
  menuInfo: tr('菜单详情', '選單詳情', 'Menu details'),
  menuNames: tr('菜单名称', '選單名稱', 'Menu names'),
  menuBoundUrls: tr('菜单绑定的接口', '選單綁定的介面', 'Interfaces bound to a menu'),
  menuUrlList: tr('搜索接口', '搜尋介面', 'Search interfaces'),
  menuAllUrls: tr('全部接口', '全部介面', 'All interfaces'),
  apiQueryPage: tr('查询接口', '查詢介面', 'Query interfaces'),
  loginLogQueryPage: tr('查询登录日志', '查詢登入日誌', 'Query login log'),
} as const satisfies { [K in keyof typeof identityCalls]?: Translations };
