import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  describeIssue,
  firmwareUpgradeRequest,
  rules,
  updatePasswordRequest,
  updateProfileRequest,
  type Lang,
} from '@cbo/contract';
import { zodRule } from './zod-rule';

type Validator = (rule: unknown, value: unknown) => Promise<void>;

/** Runs the rule as antd does; answers the message, or null when the value passes. */
async function check(schema: z.ZodType, value: unknown, lang: Lang, label?: string): Promise<string | null> {
  const rule = zodRule(schema, lang, label) as { validator: Validator };
  try {
    await rule.validator({}, value);
    return null;
  } catch (e) {
    return (e as Error).message;
  }
}

describe('zodRule', () => {
  const nick = updateProfileRequest.shape.nickName;

  it('an optional field typed into and cleared passes (the firmware checksum)', async () => {
    const sha = firmwareUpgradeRequest.shape.sha256;
    expect(zodRule(sha, 'en_US').required).toBe(false);
    expect(await check(sha, '', 'en_US')).toBeNull();
    expect(await check(sha, null, 'en_US')).toBeNull();
    expect(await check(sha, 'abc', 'en_US')).toBeTruthy();
  });

  it('says what the contract says, in the language asked for', async () => {
    expect(await check(nick, 'x'.repeat(19), 'en_US')).toBe('Must be at most 18 characters');
    expect(await check(nick, 'x'.repeat(19), 'zh_CN')).toBe('长度不能超过 18 个字符');
    expect(await check(rules.code6, '12345', 'en_US', 'Code')).toBe('Code must be 6 digits');
    expect(await check(rules.code6, '12345', 'zh_TW')).toBe('驗證碼為 6 位數字');
    expect(await check(rules.adminPassword, 'abc!defg', 'en_US')).toBe(
      'Must be 6-18 letters or digits, without special characters',
    );
    expect(await check(rules.adminPassword, 'abc!defg', 'zh_CN')).toBe('密码为 6-18 位字母或数字，不能包含特殊字符');
  });

  it('gives an English predicate its subject when the field has a label', async () => {
    expect(await check(nick, '', 'en_US', 'Nickname')).toBe('Nickname is required');
    expect(await check(rules.email, 'x@', 'en_US', 'Email')).toBe('Email must be a valid email address');
    expect(await check(nick, '', 'en_US')).toBe('Is required');
    expect(await check(nick, '', 'zh_CN', '昵称')).toBe('不能为空');
  });

  it('gives the same text as describeIssue on the server side for the same value', async () => {
    for (const [schema, value] of [
      [nick, ''],
      [rules.email, 'not-an-email'],
      [rules.mobile, '12ab'],
      [updatePasswordRequest.shape.oldPassword, undefined],
    ] as const) {
      const issue = schema.safeParse(value).error!.issues[0]!;
      for (const lang of ['zh_CN', 'zh_TW', 'en_US'] as const) {
        const reason = describeIssue(issue, lang);
        // English reasons are capitalised for display; the words are the server's.
        expect(await check(schema, value, lang)).toBe(
          lang === 'en_US' ? reason.charAt(0).toUpperCase() + reason.slice(1) : reason,
        );
      }
    }
  });

  it('passes valid values, trimming as the server does', async () => {
    expect(await check(nick, '  Ops lead  ', 'en_US')).toBeNull();
    expect(await check(rules.code6, '123456', 'en_US')).toBeNull();
    expect(await check(updateProfileRequest.shape.email, '', 'en_US')).toBeNull();
  });

  it('treats a cleared control (null) as an absent value', async () => {
    expect(await check(nick, null, 'en_US')).toBe('Is required');
    expect(await check(nick, null, 'zh_CN')).toBe('不能为空');
    expect(await check(updateProfileRequest.shape.idCard, null, 'en_US')).toBeNull();
  });

  it('marks fields required only when the schema refuses an empty value', () => {
    expect(zodRule(nick, 'en_US').required).toBe(true);
    expect(zodRule(rules.adminPassword, 'en_US').required).toBe(true);
    expect(zodRule(updateProfileRequest.shape.note, 'en_US').required).toBe(false);
    expect(zodRule(updateProfileRequest.shape.email, 'en_US').required).toBe(false);
  });
});
