import fs from 'node:fs';
import type { FastifyBaseLogger } from 'fastify';

/** Where verification codes go. A real provider (Aliyun, Twilio) implements the same interface. */
export interface SmsProvider {
  send(to: { areaCode: string; mobile: string }, text: string): Promise<void>;
}

/** The default: the text goes to the server log, so a developer can read the code there. */
export class LogSmsProvider implements SmsProvider {
  constructor(private readonly log: FastifyBaseLogger) {}
  async send(to: { areaCode: string; mobile: string }, text: string): Promise<void> {
    this.log.info({ sms: { to: `+${to.areaCode.replace(/^\+/, '')} ${to.mobile}` } }, `SMS: ${text}`);
  }
}

/**
 * Development setting SMS_PROVIDER=file: each text is appended as one JSON line to a file in
 * DATA_DIR (sms.log), so a developer or a browser test reads codes without a phone.
 */
export class FileSmsProvider implements SmsProvider {
  constructor(private readonly file: string) {}
  async send(to: { areaCode: string; mobile: string }, text: string): Promise<void> {
    const line = JSON.stringify({ time: new Date().toISOString(), areaCode: to.areaCode.replace(/^\+/, ''), mobile: to.mobile, text });
    await fs.promises.appendFile(this.file, `${line}\n`, { mode: 0o600 });
  }
}

/** Keeps what was sent; used by tests to read the codes. */
export class RecordingSmsProvider implements SmsProvider {
  readonly sent: { areaCode: string; mobile: string; text: string }[] = [];
  async send(to: { areaCode: string; mobile: string }, text: string): Promise<void> {
    this.sent.push({ ...to, text });
  }
  lastCode(mobile: string): string | undefined {
    const m = [...this.sent].reverse().find((s) => s.mobile === mobile);
    return m?.text.match(/\d{6}/)?.[0];
  }
}
