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
  const inner: Record<string, unknown> = { optional: d.innerType, nullable: d.innerType, default: d.innerType, prefault: d.innerType, readonly: d.innerType, catch: d.innerType };
  if (d.type === 'string') out.push({ path, schema: schema as z.ZodType });
  else if (d.type === 'object') for (const [k, v] of Object.entries(d.shape as object)) strings(v, [...path, k], out);
  else if (d.type in inner) strings(inner[d.type], path, out);
  else if (d.type === 'array') strings(d.element, [...path, 0], out);
  else if (d.type === 'pipe') strings(defOf(d.in).type === 'transform' ? d.out : d.in, path, out);
  else if (d.type === 'union') for (const o of d.options as unknown[]) strings(o, path, out);
  return out;
}

const cases = (Object.keys(api) as CallName[]).flatMap((name) =>
  (['query', 'body'] as const).flatMap((part) => strings(api[name][part]).map((s) => ({ name, part, ...s }))));

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
    // Tab and line breaks only where the field is multi-line.
    const lines = c.schema.safeParse('a\nb\tc\r').error?.issues.some((i) => i.message === 'rule.noControl') ?? false;
    const multiline = ['roleSave body remark', 'menuSave body description', 'forcedEjectEject body reason', 'repairAdd body description', 'repairProcess body result', 'modelSave body remark', 'dispatchApply body remark', 'dispatchAudit body reason'].includes(`${c.name} ${c.part} ${c.path.join('.')}`);
    expect(lines).toBe(!multiline);
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
    expect(describeError(pageQuery.safeParse({ pageNum: '0' }).error!, 'en_US')).toBe('pageNum: must be a whole number ≥ 1');
  });
});
