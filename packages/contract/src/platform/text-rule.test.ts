import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { api, describeError, pageQuery, type CallName } from '../index.js';

type Path = (string | number)[];
type Def = { type: string } & Record<string, unknown>;
const defOf = (s: unknown) => (s as z.ZodType)._zod.def as unknown as Def;

/** Each string inside a schema, with its own schema (an array's element counts as index 0). */
function strings(schema: unknown, path: Path = [], out: { path: Path; schema: z.ZodType }[] = []) {
  if (!schema) return out;
  const d = defOf(schema);
  const inner: Record<string, unknown> = {
    optional: d.innerType,
    nullable: d.innerType,
    default: d.innerType,
    prefault: d.innerType,
    readonly: d.innerType,
    catch: d.innerType,
  };
  if (d.type === 'string') out.push({ path, schema: schema as z.ZodType });
  else if (d.type === 'object') for (const [k, v] of Object.entries(d.shape as object)) strings(v, [...path, k], out);
  else if (d.type in inner) strings(inner[d.type], path, out);
  else if (d.type === 'array') strings(d.element, [...path, 0], out);
  else if (d.type === 'pipe') strings(defOf(d.in).type === 'transform' ? d.out : d.in, path, out);
  else if (d.type === 'union') for (const o of d.options as unknown[]) strings(o, path, out);
  return out;
}

const cases = (Object.keys(api) as CallName[]).flatMap((name) =>
  (['query', 'body'] as const).flatMap((part) => strings(api[name][part]).map((s) => ({ name, part, ...s }))),
);

describe('the control-character rule on every text field of every call', () => {
  it('covers the text fields (the walk finds them)', () => {
    expect(cases.length).toBeGreaterThan(100);
  });

  it.each(cases.map((c) => [`${c.name} ${c.part} ${c.path.join('.')}`, c] as const))('%s', (_label, c) => {
    for (const bad of ['a\u0000b', 'a\u0001b', 'a\u001bb', 'a\u007fb', '\u0000']) {
      const issues = c.schema.safeParse(bad).error?.issues ?? [];
      // Checked first, so the message names the real problem.
      expect(issues[0]?.message, JSON.stringify(bad)).toBe('rule.noControl');
    }
    // A lone UTF-16 surrogate (no character at all) is refused the same way; a pair is a character.
    for (const bad of ['x\ud800y', '\udc00', 'a\udc00\ud800b', 'end\udbff']) {
      const issues = c.schema.safeParse(bad).error?.issues ?? [];
      expect(issues[0]?.message, JSON.stringify(bad)).toBe('rule.loneSurrogate');
    }
    expect(
      c.schema.safeParse('a\ud83d\ude00b').error?.issues.some((i) => i.message === 'rule.loneSurrogate') ?? false,
    ).toBe(false);
    // Tab and line breaks only where the field is multi-line.
    const lines = c.schema.safeParse('a\nb\tc\r').error?.issues.some((i) => i.message === 'rule.noControl') ?? false;
    const multiline = [
      'roleSave body remark',
      'menuSave body description',
      'forcedEjectEject body reason',
      'repairAdd body description',
      'repairProcess body result',
      'modelSave body remark',
      'dispatchApply body remark',
      'dispatchAudit body reason',
      // PEM keys are pasted as their lines (system/merchant.ts).
      'configSaveMerchant body wechatpay.platformPublicKey',
      'configSaveMerchant body wechatpay.merchantPrivateKey',
      'configSaveMerchant body alipay.alipayPublicKey',
      'configSaveMerchant body alipay.appPrivateKey',
    ].includes(`${c.name} ${c.part} ${c.path.join('.')}`);
    expect(lines).toBe(!multiline);
  });

  it('names a lone surrogate in the three languages', () => {
    const error = api.login.body!.safeParse({ userName: 'x\ud800y', password: 'x' }).error!;
    expect(describeError(error, 'en_US')).toBe('userName: contains an invalid character (a lone UTF-16 surrogate)');
    expect(describeError(error, 'zh_CN')).toBe('userName: 包含无效字符（不成对的 UTF-16 代理项）');
    expect(describeError(error, 'zh_TW')).toBe('userName: 包含無效字元（不成對的 UTF-16 代理項）');
  });

  it('names the field in the three languages', () => {
    const error = api.login.body!.safeParse({ userName: 'a\u0000b', password: 'x' }).error!;
    expect(describeError(error, 'en_US')).toBe('userName: must not contain control characters (such as NUL)');
    expect(describeError(error, 'zh_CN')).toBe('userName: 不能包含控制字符（如 NUL）');
    expect(describeError(error, 'zh_TW')).toBe('userName: 不能包含控制字元（如 NUL）');
    const multi = api.roleSave.body!.safeParse({ name: 'r', remark: 'one\ntwo', weight: 1, menuIds: [] });
    expect(multi.success, JSON.stringify(multi.error?.issues)).toBe(true);
  });

  it('a page number that is not whole is told so, in the three languages', () => {
    const error = pageQuery.safeParse({ pageNum: '1.5' }, { reportInput: true }).error!;
    expect(describeError(error, 'en_US')).toBe('pageNum: must be a whole number ≥ 1');
    expect(describeError(error, 'zh_CN')).toBe('pageNum: 必须是不小于 1 的整数');
    expect(describeError(error, 'zh_TW')).toBe('pageNum: 必須是不小於 1 的整數');
    expect(describeError(pageQuery.safeParse({ pageNum: '0' }).error!, 'en_US')).toBe(
      'pageNum: must be a whole number ≥ 1',
    );
  });
});

/** Each number field inside a call's query or body, with its schema as call() made it. */
function numbers(schema: unknown, path: Path = [], out: { path: Path; schema: z.ZodType }[] = []) {
  if (!schema) return out;
  const d = defOf(schema);
  const inner: Record<string, unknown> = {
    optional: d.innerType,
    nullable: d.innerType,
    default: d.innerType,
    prefault: d.innerType,
    readonly: d.innerType,
    catch: d.innerType,
  };
  const isQueryNumber =
    d.type === 'union' &&
    (d.options as unknown[]).some((o) => defOf(o).type === 'number') &&
    (d.options as unknown[]).some((o) => defOf(o).type === 'pipe');
  if (d.type === 'number' || isQueryNumber) out.push({ path, schema: schema as z.ZodType });
  else if (d.type === 'object') for (const [k, v] of Object.entries(d.shape as object)) numbers(v, [...path, k], out);
  else if (d.type in inner) numbers(inner[d.type], path, out);
  else if (d.type === 'array') numbers(d.element, [...path, 0], out);
  else if (d.type === 'pipe') numbers(defOf(d.in).type === 'transform' ? d.out : d.in, path, out);
  else if (d.type === 'union') for (const o of d.options as unknown[]) numbers(o, path, out);
  return out;
}

const numberCases = (Object.keys(api) as CallName[]).flatMap((name) =>
  (['query', 'body'] as const).flatMap((part) => numbers(api[name][part]).map((s) => ({ name, part, ...s }))),
);

describe('numbers are numbers on every number field of every call', () => {
  it('covers the number fields (the walk finds them, ids in bodies and queries among them)', () => {
    expect(numberCases.filter((c) => c.part === 'body').length).toBeGreaterThan(100);
    expect(numberCases.filter((c) => c.part === 'query').length).toBeGreaterThan(100);
    expect(numberCases.some((c) => c.name === 'appVoucherBuy' && c.path.join('.') === 'voucherId')).toBe(true);
    expect(numberCases.some((c) => c.name === 'couponBatchEnd' && c.path.join('.') === 'id')).toBe(true);
  });

  it.each(numberCases.map((c) => [`${c.name} ${c.part} ${c.path.join('.')}`, c] as const))('%s', (_label, c) => {
    const fits = [1, 0, 7, 100, 2024, -1].find((n) => c.schema.safeParse(n).success);
    expect(fits, 'some number fits').toBeDefined();
    // Never coerced: a boolean, a list, null and an object are not numbers, in a body or a query.
    for (const bad of [true, false, [fits], {}])
      expect(c.schema.safeParse(bad).success, JSON.stringify(bad)).toBe(false);
    if (c.part === 'body') {
      // A JSON body carries real numbers: the digits as text are the wrong type too.
      expect(c.schema.safeParse(String(fits)).success).toBe(false);
    } else {
      // A query string carries text: the digits of a number, and nothing else that Number() would read.
      expect(c.schema.safeParse(String(fits)).data).toBe(fits);
      for (const bad of ['', ' 1', '1 ', '0x1', '1e0', '+1', 'Infinity', 'NaN', 'true', '1,0', '١']) {
        expect(c.schema.safeParse(bad).success, JSON.stringify(bad)).toBe(false);
      }
    }
  });

  it('a whole-number field of a query refuses 1.0 and says why, in the three languages', () => {
    const q = api.couponCodeQueryPage.query!;
    for (const [lang, text] of [
      ['en_US', 'batchId: must be a whole number'],
      ['zh_CN', 'batchId: 必须是整数'],
      ['zh_TW', 'batchId: 必須是整數'],
    ] as const) {
      expect(describeError(q.safeParse({ batchId: '1.0' }, { reportInput: true }).error!, lang)).toContain(
        text.split(': ')[1],
      );
    }
  });
});
