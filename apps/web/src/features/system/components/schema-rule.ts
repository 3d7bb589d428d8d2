import { useCallback } from 'react';
import type { FormInstance } from 'antd';
import type { RuleObject } from 'antd/es/form';
import type { z } from 'zod';
import { describeIssue } from '@cbo/contract';
import { useLang } from '@/shared/form';

type Path = readonly (string | number)[];

function samePath(a: readonly PropertyKey[], b: Path): boolean {
  return a.length === b.length && a.every((p, i) => String(p) === String(b[i]));
}

/**
 * Form values as the contract takes them: antd reports a cleared control as null, which the
 * contract reads as absent (undefined), except for fields where null means "none" (an empty
 * automatic-payout limit), named in `nullKeys`.
 */
export function toInput<T>(v: unknown, nullKeys: readonly string[] = [], key = ''): T {
  if (v === null) return (nullKeys.includes(key) ? null : undefined) as T;
  if (Array.isArray(v)) return v.map((x) => toInput(x, nullKeys)) as T;
  if (typeof v === 'object' && v !== undefined && !(v instanceof Date)) {
    return Object.fromEntries(Object.entries(v as object).map(([k, x]) => [k, toInput(x, nullKeys, k)])) as T;
  }
  return v as T;
}

/**
 * A form rule from a whole group schema: the field shows the issue the contract finds at its
 * path, cross-field rules included (minimum not above the cap), in the console's language, so
 * the form says what the server would.
 */
export function useSchemaRule(form: FormInstance, schema: z.ZodType, nullKeys: readonly string[] = []) {
  const lang = useLang();
  return useCallback(
    (path: Path): RuleObject => ({
      validator: async () => {
        const parsed = schema.safeParse(toInput(form.getFieldsValue(true), nullKeys));
        const issue = parsed.success ? undefined : parsed.error.issues.find((i) => samePath(i.path, path));
        if (issue) throw new Error(describeIssue(issue, lang));
      },
    }),
    [form, schema, lang, nullKeys],
  );
}
