import type { Principal } from '../../platform/http/routes.js';
import { accountTypeIn, label, labels, roleNameIn, terminalIn, type PreviousLogin, type UserInfo } from '@cbo/contract';
import { eq } from 'drizzle-orm';
import { AppError } from '../../platform/http/app-error.js';
import { defineList, definePage } from '../../platform/list-kit.js';
import { defineModule, type Late, type Platform } from '../../platform/module.js';
import type { IdentityLate } from './needs.js';
import { formatInZone } from '../../platform/time-zone.js';
import { AccessService } from './access.service.js';
import { identityFileRefs } from './file-refs.js';
import { LoginLogService } from './login-log.service.js';
import { LoginService } from './login.service.js';
import { LoginGuardService } from './login-guard.service.js';
import { ManageService } from './manage.service.js';
import { identityMenus } from './menus.js';
import { MenuAdminService } from './menu-admin.service.js';
import { OrgService } from './org.service.js';
import { RoleService } from './role.service.js';
import { ProfileService } from './profile.service.js';
import { identityRoutes } from './routes.js';
import { seedIdentity } from './seed.js';
import { VerifyCodeService } from './verify-code.service.js';
import { SessionService } from './session.service.js';
import { StaffDirectory } from './staff-directory.js';
import * as tables from './tables.js';

const { sysAccount } = tables;

/** The identity module's services: accounts, sessions, roles, menus, permissions and the login log. */
function createIdentity({ db, config, sms, live }: Platform, late: Late<IdentityLate>) {
  const sessions = new SessionService(
    db,
    { idleMinutes: config.SESSION_IDLE_MINUTES, maxHours: config.SESSION_MAX_HOURS },
    ({ sessionIds, code }) => live.endSessions(sessionIds, code),
  );
  const loginLog = new LoginLogService(db);
  const loginGuard = new LoginGuardService(db, {
    maxFailures: config.LOGIN_MAX_FAILURES,
    windowMinutes: config.LOGIN_WINDOW_MINUTES,
  });
  const login = new LoginService(db, sessions, loginLog, loginGuard, { singleSession: config.SESSION_SINGLE });
  const access = new AccessService(
    db,
    () => late.openMenus(),
    (id) => late.runsDirectSales(id),
  );
  const codes = new VerifyCodeService(db, sms, () => late.smsBudgets());
  const profile = new ProfileService(db, sessions, codes);
  const orgs = new OrgService(db);
  const roles = new RoleService(db, access);
  const menus = new MenuAdminService(db, access);
  const manage = new ManageService(db, { access, orgs, roles, profile, sessions, loginGuard });
  const staff = new StaffDirectory(db);

  /**
   * Asked on every page load: answered from the account the guard read with the session in this
   * request, without a statement of its own. The previous sign-in (a login-log read) is a call apart.
   */
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

  /** The sign-in before the one that opened this session: what the dashboard's account card shows. */
  async function previousLogin(p: Principal): Promise<PreviousLogin> {
    const previous = await loginLog.previousSignIn(p.accountId, p.userName, p.sessionId);
    return { previousLoginTime: previous?.at.toISOString() ?? null, previousLoginIp: previous?.ip ?? null };
  }

  return {
    sessions,
    loginLog,
    loginGuard,
    login,
    access,
    profile,
    codes,
    orgs,
    roles,
    menus,
    manage,
    staff,
    userInfo,
    previousLogin,
  };
}

export type IdentityServices = ReturnType<typeof createIdentity>;

/**
 * The identity module. Other modules and the platform use `sessions` (the guard signs requests
 * in), `access` (permission checks) and `codes` (SMS codes and tickets).
 */
export const identity = defineModule({
  name: 'identity',
  tables,
  menus: identityMenus,
  fileRefs: identityFileRefs,
  late: { openMenus: true, runsDirectSales: true, smsBudgets: true },
  services: (platform: Platform, _needs: Record<string, never>, late: Late<IdentityLate>) =>
    createIdentity(platform, late),
  lists: (s) => [
    defineList({
      page: 'loginLogQueryPage',
      export: 'loginLogExport',
      source: s.loginLog,
      // Every enumerated value in the reader's language, as the screen shows it.
      cells: (r, { lang, timeZone }) => ({
        accountType: accountTypeIn(r.accountType, lang),
        terminal: r.terminal ? terminalIn(r.terminal, lang) : '',
        result: label('identity', 'loginResult', r.result, lang),
        failReason:
          r.failReason && Object.hasOwn(labels.identity.loginFailReason, r.failReason)
            ? labels.identity.loginFailReason[r.failReason as keyof typeof labels.identity.loginFailReason][lang]
            : (r.failReason ?? ''),
        createTime: formatInZone(r.createTime, timeZone),
      }),
      widths: { terminal: 16, result: 10, userAgent: 40, createTime: 20 },
    }),
    defineList({
      page: 'manageList',
      export: 'manageExport',
      source: {
        count: (f) => s.manage.count(f),
        rows: (f, offset, limit) => s.manage.rows({ pageNum: 1, pageSize: limit, ...f }, offset, limit),
      },
      cells: (r, { lang, timeZone }) => ({
        mobile: r.mobile ? `+${r.areaCode ?? ''} ${r.mobile}` : '',
        roles: r.roles.map((x) => roleNameIn(x.name, lang)).join(', '),
        status: label('identity', 'manageStatus', r.status === 1 ? 'frozen' : 'normal', lang),
        lastLoginTime: r.lastLoginTime ? formatInZone(r.lastLoginTime, timeZone) : '',
        createTime: formatInZone(r.createTime, timeZone),
      }),
      widths: { roles: 30, status: 10, loginCount: 10, lastLoginTime: 20, createTime: 20 },
    }),
    definePage({ page: 'roleQueryPage', source: s.roles }),
  ],
  routes: identityRoutes,
  // Menus of every module are stored here; the routes registered are recorded and bound to them.
  seed: async (s, { menus, calls, announce }, { db, config }) => {
    await s.access.syncApis(calls);
    await seedIdentity(
      db,
      menus,
      { userName: config.ADMIN_USERNAME, password: config.ADMIN_PASSWORD, language: config.DEMO_LANGUAGE },
      announce,
    );
    await s.access.bindMenusToApis();
  },
});
