import type { Config } from '../../config.js';
import type { Db } from '../../platform/db/database.js';
import type { Principal } from '../../platform/http/routes.js';
import type { SmsProvider } from '../../platform/sms/sms-provider.js';
import type { LoginLogFilter, UserInfo } from '@cbo/contract';
import { eq } from 'drizzle-orm';
import { AppError } from '../../platform/http/app-error.js';
import { formatInZone, type ExportService } from '../system/export.service.js';
import { AccessService } from './access.service.js';
import { LoginLogService } from './login-log.service.js';
import { LoginService } from './login.service.js';
import { ProfileService } from './profile.service.js';
import { VerifyCodeService } from './verify-code.service.js';
import { SessionService, type SessionEnded } from './session.service.js';
import { sysAccount } from './tables.js';

/** The identity module: accounts, sessions, roles, menus, permissions and the login log. */
export function createIdentity(db: Db, config: Config, deps: { sms: SmsProvider; onSessionsEnded: SessionEnded; exports: ExportService }) {
  const sessions = new SessionService(db, { idleMinutes: config.SESSION_IDLE_MINUTES, maxHours: config.SESSION_MAX_HOURS }, deps.onSessionsEnded);
  const loginLog = new LoginLogService(db);
  const login = new LoginService(db, sessions, loginLog, {
    maxFailures: config.LOGIN_MAX_FAILURES,
    windowMinutes: config.LOGIN_WINDOW_MINUTES,
    singleSession: config.SESSION_SINGLE,
  });
  const access = new AccessService(db);
  const codes = new VerifyCodeService(db, deps.sms);
  const profile = new ProfileService(db, sessions, codes);

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

  async function userInfo(p: Principal): Promise<UserInfo> {
    const [a] = await db.select().from(sysAccount).where(eq(sysAccount.id, p.accountId));
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

  return { sessions, loginLog, login, access, profile, codes, userInfo };
}

export type IdentityServices = ReturnType<typeof createIdentity>;
