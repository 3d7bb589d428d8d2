import { describe, expect, it } from 'vitest';
import { loadConfig } from './config.js';

describe('settings', () => {
  it('refuses SMS_PROVIDER=log, the default, with NODE_ENV=production, naming the setting and what to do', () => {
    expect(() => loadConfig({ NODE_ENV: 'production' })).toThrow(
      /SMS_PROVIDER: "log" \(the default\) writes verification codes to the server log.*NODE_ENV=production/,
    );
    expect(() => loadConfig({ NODE_ENV: 'production', SMS_PROVIDER: 'log' })).toThrow(/SMS_PROVIDER=file/);
  });

  it('allows it outside production, and SMS_PROVIDER=file in production', () => {
    expect(loadConfig({}).SMS_PROVIDER).toBe('log');
    expect(loadConfig({ NODE_ENV: 'development' }).SMS_PROVIDER).toBe('log');
    expect(loadConfig({ NODE_ENV: 'production', SMS_PROVIDER: 'file' }).SMS_PROVIDER).toBe('file');
  });

  it("takes the simulated customers' hold as min-max seconds and refuses a reversed or malformed range by name", () => {
    expect(loadConfig({}).SIMULATED_HOLD_SECONDS).toBe('200-480');
    expect(loadConfig({ SIMULATED_HOLD_SECONDS: '195-250', SIMULATED_CUSTOMERS: '4' })).toMatchObject({
      SIMULATED_HOLD_SECONDS: '195-250',
      SIMULATED_CUSTOMERS: 4,
    });
    expect(() => loadConfig({ SIMULATED_HOLD_SECONDS: '300-200' })).toThrow(
      /SIMULATED_HOLD_SECONDS: the first number must be at least 1 and not above the second/,
    );
    expect(() => loadConfig({ SIMULATED_HOLD_SECONDS: '5 minutes' })).toThrow(
      /SIMULATED_HOLD_SECONDS: must be two whole numbers of seconds/,
    );
    expect(() => loadConfig({ SIMULATED_CUSTOMERS: '-1' })).toThrow(/SIMULATED_CUSTOMERS/);
  });

  it('takes the merchant secret key as 32 bytes in base64 or hex and refuses another length by name', () => {
    const hex = 'ab'.repeat(32);
    const b64 = Buffer.alloc(32, 7).toString('base64');
    expect(loadConfig({ MERCHANT_SECRET_KEY: hex }).MERCHANT_SECRET_KEY).toBe(hex);
    expect(
      loadConfig({ MERCHANT_SECRET_KEY: b64, MERCHANT_SECRET_KEY_PREVIOUS: hex }).MERCHANT_SECRET_KEY_PREVIOUS,
    ).toBe(hex);
    expect(loadConfig({}).MERCHANT_SECRET_KEY).toBeUndefined();
    expect(() => loadConfig({ MERCHANT_SECRET_KEY: Buffer.alloc(16).toString('base64') })).toThrow(
      /MERCHANT_SECRET_KEY: must be 32 bytes as base64 \(44 characters\) or 64 hex digits/,
    );
    expect(() => loadConfig({ MERCHANT_SECRET_KEY: 'ab'.repeat(31) })).toThrow(/MERCHANT_SECRET_KEY/);
    expect(() => loadConfig({ MERCHANT_SECRET_KEY_PREVIOUS: hex })).toThrow(
      /MERCHANT_SECRET_KEY_PREVIOUS is set without/,
    );
  });
});
