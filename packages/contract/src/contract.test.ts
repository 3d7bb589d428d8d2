import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { identityCalls } from './identity/calls.js';
import { systemCalls } from './system/calls.js';
import { fleetCalls } from './fleet/calls.js';
import {
  api,
  describeError,
  Errors,
  errorMessage,
  LANGS,
  loginRequest,
  resolveLang,
  rules,
  SESSION_END_CODES,
  validationMessages,
} from './index.js';

describe('languages', () => {
  it.each([
    [undefined, 'zh_CN'],
    ['zh_CN', 'zh_CN'],
    ['zh_TW', 'zh_TW'],
    ['zh-TW,zh;q=0.9', 'zh_TW'],
    ['zh-Hant-HK', 'zh_TW'],
    ['en-US,en;q=0.9', 'en_US'],
    ['en_US', 'en_US'],
    ['fr-FR', 'zh_CN'],
  ])('Accept-Language %s is %s', (header, lang) => {
    expect(resolveLang(header)).toBe(lang);
  });
});

describe('call table', () => {
  it("every call's summary fits the interface list (sys_api.name, 200 characters)", () => {
    const long = Object.entries(api)
      .filter(([, c]) => c.summary.length > 200)
      .map(([name]) => name);
    expect(long).toEqual([]);
  });
});

describe('error catalogue', () => {
  it('has unique codes and a message in every language', () => {
    const codes = Object.values(Errors).map((e) => e.code);
    expect(new Set(codes).size).toBe(codes.length);
    for (const e of Object.values(Errors))
      for (const l of LANGS) expect(e.msg[l].length, `${e.code} ${l}`).toBeGreaterThan(0);
  });
  it('defines the four session-ending codes 100020-100023', () => {
    expect(SESSION_END_CODES).toEqual([100020, 100021, 100022, 100023]);
    expect(Errors.REJECTED.code).toBe(-100);
  });
  it('fills message parameters', () => {
    expect(errorMessage('LOGIN_LOCKED', 'en_US', { minutes: 7 })).toBe('Too many failed sign-ins; try again in 7 min');
  });
  it('every validation message exists in three languages', () => {
    for (const [k, t] of Object.entries(validationMessages))
      for (const l of LANGS) expect(t[l], `${k} ${l}`).toBeTruthy();
  });
});

describe('field rules', () => {
  const msg = (schema: z.ZodType, v: unknown, lang: 'zh_CN' | 'en_US' = 'en_US') => {
    const r = schema.safeParse(v);
    return r.success ? null : describeError(r.error, lang);
  };
  it('admin password: 6-18 letters or digits', () => {
    expect(msg(rules.adminPassword, 'abc123')).toBeNull();
    expect(msg(rules.adminPassword, 'a'.repeat(18))).toBeNull();
    expect(msg(rules.adminPassword, 'abc12')).toMatch(/6-18/);
    expect(msg(rules.adminPassword, 'a'.repeat(19))).toMatch(/6-18/);
    expect(msg(rules.adminPassword, 'abc 123!')).toMatch(/special/);
  });
  it('user name 1-18 letters, digits or underscore; mobile 1-20 digits; code 6 digits', () => {
    expect(msg(rules.adminUserName, 'ops_1')).toBeNull();
    expect(msg(rules.adminUserName, 'ops-1', 'zh_CN')).toBe('用户名为 1-18 位字母、数字或下划线');
    expect(msg(rules.mobile, '1'.repeat(20))).toBeNull();
    expect(msg(rules.mobile, '1'.repeat(21))).toMatch(/1-20 digits/);
    expect(msg(rules.code6, '12345')).toMatch(/6 digits/);
  });
  it('login needs a user name, or an area code and a mobile, and trims them', () => {
    expect(loginRequest.parse({ userName: ' a ', password: 'x' })).toMatchObject({
      userName: 'a',
      clientType: 'MANAGE_PC',
    });
    expect(loginRequest.parse({ areaCode: ' 86', mobile: '138 '.trim(), password: 'x' })).toMatchObject({
      areaCode: '86',
    });
    const r = loginRequest.safeParse({ areaCode: '86', password: 'x' });
    expect(r.success).toBe(false);
    expect(describeError(r.error!, 'en_US')).toBe('userName: enter a user name, or an area code and mobile number');
  });
  it('an optional-or-empty field explains the real rule', () => {
    const s = z.object({ email: z.union([rules.email, z.literal('')]) });
    expect(msg(s, { email: 'nope' })).toBe('email: must be a valid email address');
    expect(msg(s, { email: '' })).toBeNull();
  });
  it('names the field and speaks the language', () => {
    const s = z.object({ nickName: rules.nickName });
    expect(msg(s, { nickName: 'x'.repeat(19) }, 'zh_CN')).toBe('nickName: 长度不能超过 18 个字符');
    expect(msg(s, {}, 'en_US')).toBe('nickName: is required');
  });
});

describe('the call table', () => {
  it('no two domains name a call alike, and no two calls share a method and path', () => {
    const names = [identityCalls, systemCalls, fleetCalls].flatMap((c) => Object.keys(c));
    expect(new Set(names).size).toBe(names.length);
    const routes = Object.values(api).map((c) => `${c.method} ${c.path}`);
    expect(new Set(routes).size).toBe(routes.length);
  });
});
