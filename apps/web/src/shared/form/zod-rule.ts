import { useCallback } from 'react';
import type { RuleObject } from 'antd/es/form';
import type { z } from 'zod';
import { describeIssue, type Lang } from '@cbo/contract';
import { useLang } from './lang';

/**
 * Turns a contract field schema into an antd Form rule, so a form says exactly what the server
 * would say (validation.ts `describeIssue`, in the console's language) for the same value.
 *
 * The rule is marked `required` when the schema rejects an empty value, which gives the field
 * antd's required mark; the message still comes from the schema. With `label`, an English
 * reason that reads as a predicate ("is required") gets its subject ("Nickname is required"),
 * as the server's "nickName: is required" has one; Chinese reasons read whole on their own.
 */
export function zodRule(schema: z.ZodType, lang: Lang, label?: string): RuleObject {
  return {
    required: !acceptsEmpty(schema),
    validator: async (_rule, value: unknown) => {
      const result = schema.safeParse(fromControl(value));
      const issue = result.success ? undefined : result.error.issues[0];
      if (issue) throw new Error(withSubject(describeIssue(issue, lang), lang, label));
    },
  };
}

/** `zodRule` bound to the current language; rules are rebuilt when the language changes. */
export function useZodRule(): (schema: z.ZodType, label?: string) => RuleObject {
  const lang = useLang();
  return useCallback((schema: z.ZodType, label?: string) => zodRule(schema, lang, label), [lang]);
}

const PREDICATE = /^(is|has|must|needs|allows)\b/;

function withSubject(reason: string, lang: Lang, label: string | undefined): string {
  if (lang !== 'en_US') return reason;
  if (label && PREDICATE.test(reason)) return `${label} ${reason}`;
  return reason.charAt(0).toUpperCase() + reason.slice(1);
}

/** antd controls report a cleared value as null; the contract treats "absent" as undefined. */
function fromControl(value: unknown): unknown {
  return value === null ? undefined : value;
}

function acceptsEmpty(schema: z.ZodType): boolean {
  return schema.safeParse(undefined).success || schema.safeParse('').success;
}
