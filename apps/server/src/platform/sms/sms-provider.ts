import { SIMULATED_CALLING_CODE } from '@cbo/contract';
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
    const line = JSON.stringify({
      time: new Date().toISOString(),
      areaCode: to.areaCode.replace(/^\+/, ''),
      mobile: to.mobile,
      text,
    });
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

/**
 * The area code of the simulator's customers. No country has it, so no real phone ever has a
 * number there: texts to it are kept in memory for the simulated customers to read, never sent.
 * Every public entrance refuses it (it is no country calling code: @cbo/contract's phone.ts).
 */
export const SIMULATED_AREA_CODE = SIMULATED_CALLING_CODE;

/** Wraps the configured provider: texts to simulated numbers stay here, every other one goes on. */
export class SimulatedNumbers implements SmsProvider {
  private readonly kept = new Map<string, string>();
  constructor(private readonly inner: SmsProvider) {}
  async send(to: { areaCode: string; mobile: string }, text: string): Promise<void> {
    if (to.areaCode.replace(/^\+/, '') !== SIMULATED_AREA_CODE) return this.inner.send(to, text);
    this.kept.set(to.mobile, text);
  }
  /** The last code sent to a simulated number (taken: it is read once). */
  takeCode(mobile: string): string | undefined {
    const text = this.kept.get(mobile);
    this.kept.delete(mobile);
    return text?.match(/\d{6}/)?.[0];
  }
}
