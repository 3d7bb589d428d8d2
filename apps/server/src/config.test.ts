import { describe, expect, it } from 'vitest';
import { loadConfig } from './config.js';

describe('settings', () => {
  it('refuses SMS_PROVIDER=log, the default, with NODE_ENV=production, naming the setting and what to do', () => {
    expect(() => loadConfig({ NODE_ENV: 'production' })).toThrow(/SMS_PROVIDER: "log" \(the default\) writes verification codes to the server log.*NODE_ENV=production/);
    expect(() => loadConfig({ NODE_ENV: 'production', SMS_PROVIDER: 'log' })).toThrow(/SMS_PROVIDER=file/);
  });

  it('allows it outside production, and SMS_PROVIDER=file in production', () => {
    expect(loadConfig({}).SMS_PROVIDER).toBe('log');
    expect(loadConfig({ NODE_ENV: 'development' }).SMS_PROVIDER).toBe('log');
    expect(loadConfig({ NODE_ENV: 'production', SMS_PROVIDER: 'file' }).SMS_PROVIDER).toBe('file');
  });
});
