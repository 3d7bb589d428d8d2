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
