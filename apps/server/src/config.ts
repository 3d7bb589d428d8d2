import { z } from 'zod';
import { LANGS } from '@cbo/contract';
import path from 'node:path';
import { parseSecretKey } from './platform/crypto/secret-box.js';

/**
 * Every setting the server reads, validated at start (README lists them). A bad value stops the
 * start with a message naming the variable, instead of failing later.
 */
const bool = z.string().transform((v) => !['0', 'false', 'no', 'off', ''].includes(v.toLowerCase()));

/** 32 bytes: `openssl rand -base64 32` or `openssl rand -hex 32`. */
const secretKey = z
  .string()
  .refine((v) => parseSecretKey(v) !== null, 'must be 32 bytes as base64 (44 characters) or 64 hex digits');

const schema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(8080),
  HOST: z.string().default('0.0.0.0'),
  DATA_DIR: z.string().default('./data'),
  DATABASE_URL: z.string().url().optional(),
  ADMIN_USERNAME: z
    .string()
    .regex(/^[A-Za-z0-9_]{1,18}$/)
    .default('admin'),
  ADMIN_PASSWORD: z
    .string()
    .regex(/^[A-Za-z0-9]{6,18}$/, 'must be 6-18 letters or digits')
    .optional(),
  SESSION_IDLE_MINUTES: z.coerce
    .number()
    .int()
    .min(1)
    .max(60 * 24 * 30)
    .default(120),
  SESSION_MAX_HOURS: z.coerce
    .number()
    .int()
    .min(1)
    .max(24 * 90)
    .default(24 * 7),
  SESSION_SINGLE: bool.default(false),
  /** Failures of one account from one address before that pair is locked out (waits start at the third). */
  LOGIN_MAX_FAILURES: z.coerce.number().int().min(1).max(100).default(10),
  LOGIN_WINDOW_MINUTES: z.coerce.number().int().min(1).max(1440).default(15),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /** `pretty` for people at a terminal, `json` for log collectors; default follows the terminal. */
  LOG_FORMAT: z.enum(['pretty', 'json']).optional(),
  WEB_DIST: z.string().optional(),
  TRUST_PROXY: bool.default(false),
  /** The embedded MQTT broker for cabinets (docs/protocol.md); 0 picks a free port. Unset: 1883, or a
   * free port when 1883 is taken (a local Mosquitto). Unused with MQTT_URL. */
  MQTT_PORT: z.coerce.number().int().min(0).max(65535).optional(),
  MQTT_HOST: z.string().default('0.0.0.0'),
  /** An external broker (mqtt://user:password@host:1883): no embedded broker is started. */
  MQTT_URL: z
    .string()
    .regex(/^mqtts?:\/\/\S+$/, 'must be an mqtt:// or mqtts:// URL')
    .optional(),
  /** Shared-subscription group on an external broker, so several server processes each handle a message once; empty turns it off. */
  MQTT_SHARE_GROUP: z
    .string()
    .regex(/^[A-Za-z0-9_-]*$/)
    .default('cbo'),
  /** The fleet's key: each cabinet's MQTT password is derived from it. Generated once and kept in the database when unset. */
  DEVICE_SECRET: z.string().min(16, 'must be at least 16 characters').optional(),
  /** Simulated cabinets run inside the server (SIMU000000000001…): 0 turns them off. */
  SIMULATOR: z.coerce.number().int().min(0).max(10_000).default(20),
  /**
   * The language of the words the first start writes: the demo network's names (outlets, agents,
   * team, region, customers, passes, coupons), the simulated cabinets' model and the first
   * administrator's nickname. Data once written: a later change renames nothing.
   */
  DEMO_LANGUAGE: z.enum(LANGS).default('zh_CN'),
  /** Simulated customers who rent and return through the app API (with SIMULATOR on). Unset: a third of the cabinets, 2 to 8. */
  SIMULATED_CUSTOMERS: z.coerce.number().int().min(0).max(100).optional(),
  /** How long a simulated customer keeps a power bank, in seconds, as `min-max` (past the 3 free minutes, so most orders pay). */
  SIMULATED_HOLD_SECONDS: z
    .string()
    .regex(/^\d{1,5}-\d{1,5}$/, 'must be two whole numbers of seconds, min-max, like 200-480')
    .refine((v) => {
      const [a, b] = v.split('-').map(Number);
      return a! >= 1 && a! <= b!;
    }, 'the first number must be at least 1 and not above the second')
    .default('200-480'),
  /** Where verification codes go: `log` (the server log) or `file` (DATA_DIR/sms.log, for development and browser tests). */
  SMS_PROVIDER: z.enum(['log', 'file']).default('log'),
  /** Megabytes of uploads one account may store in a UTC day (decimals allowed). */
  UPLOAD_DAILY_MB: z.coerce.number().positive().max(100_000).default(50),
  /** Uploads one account may make in a minute. */
  UPLOAD_PER_MINUTE: z.coerce.number().int().min(1).max(10_000).default(10),
  /** A stop (SIGTERM, SIGINT) that has not finished within this many seconds ends the process anyway (exit code 1). */
  STOP_TIMEOUT_SECONDS: z.coerce.number().int().min(1).max(600).default(20),
  /**
   * Seconds a stopping process keeps serving while /readyz already answers 503, so load balancers
   * that poll it take the process out before it stops taking requests. 0 closes at once.
   */
  STOP_DRAIN_SECONDS: z.coerce.number().min(0).max(120).default(0),
  /**
   * `off` once real money is live: a rent, top-up or payout whose channel has no enabled company is
   * refused instead of going through the sandbox (which moves no money). `on` (the default) keeps a
   * new install working with no merchant account.
   */
  PAYMENT_SANDBOX: z.enum(['on', 'off']).default('on'),
  /** The bearer token GET /metrics asks for; unset, the route does not exist (404). */
  METRICS_TOKEN: z.string().min(16, 'must be at least 16 characters').optional(),
  /**
   * The key merchant secrets (payment companies' private keys, API keys) are sealed with in the database:
   * 32 bytes as base64 or 64 hex digits. Unset: the product runs with the sandbox only and refuses to save a secret.
   */
  MERCHANT_SECRET_KEY: secretKey.optional(),
  /** The key before a rotation: still opens what it sealed; every stored secret is sealed again under the new key at start. */
  MERCHANT_SECRET_KEY_PREVIOUS: secretKey.optional(),
  /** `production` refuses settings that are only safe on a developer's machine (SMS_PROVIDER=log). */
  /** When the daily reconciliation runs for the day before (HH:MM, the server's local time). */
  RECONCILE_AT: z
    .string()
    .regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'must be a time of day HH:MM (00:00-23:59)')
    .default('09:00'),
  NODE_ENV: z.string().optional(),
});

export type Config = z.infer<typeof schema> & { dataDir: string; webDist: string };

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = schema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new Error(`Invalid settings:\n${lines.join('\n')}`);
  }
  const c = parsed.data;
  // Codes in the server log reach whoever reads the logs (collectors, support staff): a way to
  // take over any account whose mobile is changed. Never in production.
  if (c.NODE_ENV === 'production' && c.SMS_PROVIDER === 'log') {
    throw new Error(
      'Invalid settings:\n  SMS_PROVIDER: "log" (the default) writes verification codes to the server log and is refused with NODE_ENV=production. ' +
        'Plug in a real SMS provider (apps/server/src/platform/sms), or for a trial install set SMS_PROVIDER=file (codes in DATA_DIR/sms.log, readable by the server user only).',
    );
  }
  if (c.MERCHANT_SECRET_KEY_PREVIOUS && !c.MERCHANT_SECRET_KEY) {
    throw new Error(
      'Invalid settings:\n  MERCHANT_SECRET_KEY_PREVIOUS is set without MERCHANT_SECRET_KEY: a rotation needs the new key too.',
    );
  }
  return {
    ...c,
    dataDir: path.resolve(c.DATA_DIR),
    webDist: path.resolve(c.WEB_DIST ?? new URL('../../web/dist', import.meta.url).pathname),
  };
}
