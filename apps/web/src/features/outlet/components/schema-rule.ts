import { useCallback } from 'react';
import type { FormInstance } from 'antd';
import type { RuleObject } from 'antd/es/form';
import type { z } from 'zod';
import { describeIssue } from '@cbo/contract';
import { useLang } from '@/shared/form';

type Path = readonly (string | number)[];

const samePath = (a: readonly PropertyKey[], b: Path) =>
  a.length === b.length && a.every((p, i) => String(p) === String(b[i]));

/** Form values as the contract takes them: a cleared control (null) is absent, except where null means "none". */
function toInput(v: unknown, nullKeys: readonly string[], key = ''): unknown {
  if (v === null) return nullKeys.includes(key) ? null : undefined;
  if (Array.isArray(v)) return v.map((x) => toInput(x, nullKeys));
  if (typeof v === 'object' && v !== undefined)
    return Object.fromEntries(Object.entries(v as object).map(([k, x]) => [k, toInput(x, nullKeys, k)]));
  return v;
}

/**
 * A form rule from the whole request schema: a field shows the issue the contract finds at its
 * path, cross-field rules included (daily cap not above the deposit, hidden ratio not below the
 * ratio), in the console's language, so the form says what the server would.
 */
export function useRequestRule(
  form: FormInstance,
  schema: z.ZodType,
  extra: () => Record<string, unknown> = () => ({}),
  nullKeys: readonly string[] = [],
) {
  const lang = useLang();
  return useCallback(
    (path: Path): RuleObject => ({
      validator: async () => {
        const parsed = schema.safeParse(toInput({ ...form.getFieldsValue(true), ...extra() }, nullKeys));
        const issue = parsed.success ? undefined : parsed.error.issues.find((i) => samePath(i.path, path));
        if (issue) throw new Error(describeIssue(issue, lang));
      },
    }),
    [form, schema, lang, extra, nullKeys],
  );
}
