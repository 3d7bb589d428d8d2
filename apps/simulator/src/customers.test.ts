import { describe, expect, it } from 'vitest';
import { codeFromSmsLog } from './customers.js';

describe('codes from the server SMS file', () => {
  const log = [
    JSON.stringify({
      time: '2026-11-26T10:00:00Z',
      areaCode: '86',
      mobile: '13900010001',
      text: 'Your code is 111111',
    }),
    JSON.stringify({
      time: '2026-11-26T10:00:05Z',
      areaCode: '86',
      mobile: '13900010002',
      text: 'Your code is 222222',
    }),
    'not json',
    JSON.stringify({ time: '2026-11-26T10:01:00Z', areaCode: '86', mobile: '13900010001', text: '验证码 333333' }),
    '',
  ].join('\n');

  it('answers the newest code texted to the number after the time asked', () => {
    expect(codeFromSmsLog(log, '86', '13900010001', Date.parse('2026-11-26T09:59:00Z'))).toBe('333333');
    expect(codeFromSmsLog(log, '+86', '13900010002', Date.parse('2026-11-26T10:00:00Z'))).toBe('222222');
  });

  it('answers nothing for a code older than the request, another area code or an unknown number', () => {
    expect(codeFromSmsLog(log, '86', '13900010001', Date.parse('2026-11-26T10:02:00Z'))).toBeNull();
    expect(codeFromSmsLog(log, '852', '13900010001', 0)).toBeNull();
    expect(codeFromSmsLog(log, '86', '13900019999', 0)).toBeNull();
  });
});
