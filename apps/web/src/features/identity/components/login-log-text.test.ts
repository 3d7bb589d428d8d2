import { describe, expect, it } from 'vitest';
import { describeFailReason } from './login-log-text';

describe('describeFailReason', () => {
  it('reads catalogue names and codes in the viewer language', () => {
    expect(describeFailReason('LOGIN_FAILED', 'en_US')).toBe('Wrong account or password');
    expect(describeFailReason('100032', 'zh_TW')).toBe('帳號已被凍結，無法登入');
  });
  it('drops parameters the row cannot fill', () => {
    expect(describeFailReason('LOGIN_LOCKED', 'en_US')).toBe('Too many failed sign-ins');
    expect(describeFailReason('LOGIN_LOCKED', 'zh_CN')).toBe('登录失败次数过多');
  });
  it('shows anything else as recorded', () => {
    expect(describeFailReason('captcha expired', 'en_US')).toBe('captcha expired');
    expect(describeFailReason(null, 'en_US')).toBe('');
  });
});
