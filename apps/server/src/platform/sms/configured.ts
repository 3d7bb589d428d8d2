import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config.js';
import { FileSmsProvider, LogSmsProvider, type SmsProvider } from './sms-provider.js';

/** The configured SMS provider, said loudly at start: both built-in ones keep codes readable on the server. */
export function configuredSmsProvider(config: Config, log: FastifyBaseLogger): SmsProvider {
  if (config.SMS_PROVIDER === 'file') {
    const file = path.join(config.dataDir, 'sms.log');
    log.warn(
      `SMS_PROVIDER=file: verification codes are written to ${file}, not sent. For development and trials only.`,
    );
    return new FileSmsProvider(file);
  }
  log.warn(
    'SMS_PROVIDER=log: verification codes are written to this log at info level, not sent. For development only (refused with NODE_ENV=production); SMS_PROVIDER=file keeps them in DATA_DIR/sms.log.',
  );
  return new LogSmsProvider(log);
}
