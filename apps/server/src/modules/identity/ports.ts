/**
 * The identity module's edge: the types other modules name in their needs (type-only imports; lint
 * allows `import type` of a module's ports.ts and nothing else of it). The values behind them are
 * the identity module's services, handed over by src/wiring/.
 */
import type { AccessService } from './access.service.js';
import type { LoginGuardService } from './login-guard.service.js';
import type { LoginLogService } from './login-log.service.js';
import type { VerifyCodeService } from './verify-code.service.js';

export type { StaffDirectory } from './staff-directory.js';
export type { LoginAttempt } from './login-log.service.js';
export type { Reservation } from './login-guard.service.js';
export type { Mobile, SendOrigin } from './verify-code.service.js';

/** Permissions (access.service.ts): whether an account holds a permission, and the rest of the access rules. */
export type Access = AccessService;

/** Whether an account holds a permission (super accounts hold every one). */
export type PermissionCheck = Pick<AccessService, 'holdsPermission'>;

/** The console's sign-in lockout (login-guard.service.ts). */
export type LoginGuard = LoginGuardService;

/** The login log (login-log.service.ts): every sign-in attempt with its kind and terminal. */
export type LoginLog = LoginLogService;

/** Verification codes by SMS (verify-code.service.ts). */
export type VerifyCodes = VerifyCodeService;
