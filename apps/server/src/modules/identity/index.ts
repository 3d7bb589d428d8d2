import type { Config } from '../../config.js';
import type { Db } from '../../platform/db/database.js';
import type { Principal } from '../../platform/http/routes.js';
import type { SmsProvider } from '../../platform/sms/sms-provider.js';
import type { Lang, LoginLogFilter, ManageFilter, UserInfo } from '@cbo/contract';
import { eq } from 'drizzle-orm';
import { AppError } from '../../platform/http/app-error.js';
import { formatInZone, type ExportService } from '../system/export.service.js';
import { AccessService } from './access.service.js';
import { LoginLogService } from './login-log.service.js';
import { LoginService } from './login.service.js';
import { LoginGuardService } from './login-guard.service.js';
import { ManageService } from './manage.service.js';
import { MenuAdminService } from './menu-admin.service.js';
import { OrgService } from './org.service.js';
import { RoleService } from './role.service.js';
import { ProfileService } from './profile.service.js';
import { VerifyCodeService } from './verify-code.service.js';
import { SessionService, type SessionEnded } from './session.service.js';
import { sysAccount } from './tables.js';

/** Seeded role names (i18n keys) as an export writes them. */
const ROLE_NAMES: Record<string, Record<Lang, string>> = {
  'role.superAdmin': { zh_CN: '超级管理员', zh_TW: '超級管理員', en_US: 'Super administrator' },
  'role.finance': { zh_CN: '财务', zh_TW: '財務', en_US: 'Finance' },
  'role.operations': { zh_CN: '运营', zh_TW: '營運', en_US: 'Operations' },
  'role.customerService': { zh_CN: '客服', zh_TW: '客服', en_US: 'Customer service' },
};
const STATUS_NAMES: Record<0 | 1, Record<Lang, string>> = {
  0: { zh_CN: '正常', zh_TW: '正常', en_US: 'Normal' },
  1: { zh_CN: '冻结', zh_TW: '凍結', en_US: 'Frozen' },
};

/** The identity module: accounts, sessions, roles, menus, permissions and the login log. */
export function createIdentity(db: Db, config: Config, deps: { sms: SmsProvider; onSessionsEnded: SessionEnded; exports: ExportService }) {
  const sessions = new SessionService(db, { idleMinutes: config.SESSION_IDLE_MINUTES, maxHours: config.SESSION_MAX_HOURS }, deps.onSessionsEnded);
  const loginLog = new LoginLogService(db);
  const loginGuard = new LoginGuardService(db, { maxFailures: config.LOGIN_MAX_FAILURES, windowMinutes: config.LOGIN_WINDOW_MINUTES });
  const login = new LoginService(db, sessions, loginLog, loginGuard, { singleSession: config.SESSION_SINGLE });
  const access = new AccessService(db);
  const codes = new VerifyCodeService(db, deps.sms);
  const profile = new ProfileService(db, sessions, codes);
  const orgs = new OrgService(db);
  const roles = new RoleService(db, access);
  const menus = new MenuAdminService(db, access);
  const manage = new ManageService(db, { access, orgs, roles, profile, sessions, loginGuard });

  deps.exports.register<LoginLogFilter>('loginLog', {
    title: { zh_CN: '登录日志', zh_TW: '登入日誌', en_US: 'Login log' },
    columns: [
      { key: 'userName', header: { zh_CN: '账号', zh_TW: '帳號', en_US: 'Account' } },
      { key: 'accountType', header: { zh_CN: '账号类型', zh_TW: '帳號類型', en_US: 'Account type' } },
      { key: 'terminal', header: { zh_CN: '终端', zh_TW: '終端', en_US: 'Terminal' }, width: 16 },
      { key: 'result', header: { zh_CN: '结果', zh_TW: '結果', en_US: 'Result' }, width: 10 },
      { key: 'failReason', header: { zh_CN: '失败原因', zh_TW: '失敗原因', en_US: 'Failure reason' } },
      { key: 'ip', header: { zh_CN: '地址', zh_TW: '位址', en_US: 'Address' } },
      { key: 'userAgent', header: { zh_CN: '浏览器', zh_TW: '瀏覽器', en_US: 'User agent' }, width: 40 },
      { key: 'createTime', header: { zh_CN: '时间', zh_TW: '時間', en_US: 'Time' }, width: 20 },
    ],
    count: (f) => loginLog.count(f),
    rows: async (f, offset, limit, tz) => (await loginLog.rows(f, offset, limit)).map((r) => ({ ...r, createTime: formatInZone(r.createTime, tz) })),
  });

  // The language rides in the job's parameters: role and status names are written in it.
  deps.exports.register<ManageFilter & { lang: Lang }>('manage', {
    title: { zh_CN: '人员管理', zh_TW: '人員管理', en_US: 'Personnel' },
    columns: [
      { key: 'userName', header: { zh_CN: '用户名', zh_TW: '使用者名稱', en_US: 'User name' } },
      { key: 'nickName', header: { zh_CN: '昵称', zh_TW: '暱稱', en_US: 'Nickname' } },
      { key: 'mobile', header: { zh_CN: '手机号', zh_TW: '手機號碼', en_US: 'Mobile' } },
      { key: 'email', header: { zh_CN: '邮箱', zh_TW: '電子郵件', en_US: 'Email' } },
      { key: 'roles', header: { zh_CN: '角色', zh_TW: '角色', en_US: 'Roles' }, width: 30 },
      { key: 'orgName', header: { zh_CN: '部门', zh_TW: '部門', en_US: 'Department' } },
      { key: 'status', header: { zh_CN: '状态', zh_TW: '狀態', en_US: 'Status' }, width: 10 },
      { key: 'loginCount', header: { zh_CN: '登录次数', zh_TW: '登入次數', en_US: 'Sign-ins' }, width: 10 },
      { key: 'lastLoginTime', header: { zh_CN: '最后登录', zh_TW: '最後登入', en_US: 'Last sign-in' }, width: 20 },
      { key: 'createTime', header: { zh_CN: '创建时间', zh_TW: '建立時間', en_US: 'Created' }, width: 20 },
    ],
    count: ({ lang: _lang, ...f }) => manage.count(f),
    rows: async ({ lang, ...f }, offset, limit, tz) =>
      (await manage.rows({ ...f, pageNum: 1, pageSize: limit }, offset, limit)).map((r) => ({
        ...r,
        mobile: r.mobile ? `+${r.areaCode ?? ''} ${r.mobile}` : '',
        roles: r.roles.map((x) => ROLE_NAMES[x.name]?.[lang] ?? x.name).join(', '),
        status: STATUS_NAMES[r.status === 1 ? 1 : 0][lang],
        lastLoginTime: r.lastLoginTime ? formatInZone(r.lastLoginTime, tz) : '',
        createTime: formatInZone(r.createTime, tz),
      })),
  });

  async function userInfo(p: Principal): Promise<UserInfo> {
    // Read with the session a moment ago in this request; read again only for a principal made elsewhere.
    const a = sessions.accountOf(p) ?? (await db.select().from(sysAccount).where(eq(sysAccount.id, p.accountId)))[0];
    if (!a) throw new AppError('NOT_SIGNED_IN');
    return {
      userId: a.id,
      userName: a.userName,
      nickName: a.nickName,
      img: a.avatar,
      roles: p.roleCodes,
      roleNames: p.roleNames,
      authCode: null,
      areaCode: a.areaCode,
      mobile: a.mobile,
      lastLoginTime: a.lastLoginAt?.toISOString() ?? null,
      lastLoginIp: a.lastLoginIp,
    };
  }

  return { sessions, loginLog, loginGuard, login, access, profile, codes, orgs, roles, menus, manage, userInfo };
}

export type IdentityServices = ReturnType<typeof createIdentity>;
