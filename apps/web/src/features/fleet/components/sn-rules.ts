import type { RuleObject } from 'antd/es/form';
import { z } from 'zod';
import { BATCH_STORAGE_MAX, describeIssue, expandSnRange, rules, snRangeProblem, type Lang } from '@cbo/contract';

/**
 * Batch storage input in the form, checked with the contract's own rules (rules.cabinetSn,
 * BATCH_STORAGE_MAX, snRangeProblem), so the form says what the server would say before sending.
 */

/** The tokens of a pasted list, as typed: one per line, or separated by commas, semicolons or spaces. */
function typedTokens(text: string | null | undefined): string[] {
  if (!text) return [];
  return text
    .split(/[\s,;，；、]+/)
    .map((s) => s.trim())
    .filter(Boolean);
}

/** A pasted list as it is sent: the tokens upper-cased (the SN rule is upper-case letters). */
export function parseSnList(text: string | null | undefined): string[] {
  return typedTokens(text).map((s) => s.toUpperCase());
}

/** The list as the server takes it: 1-500 SNs, each 4 letters and 12 or 13 digits. */
export const snListSchema = z.array(rules.cabinetSn).min(1).max(BATCH_STORAGE_MAX);

/**
 * Why a pasted list cannot be sent; null when it can. Every SN that breaks the rule is named as
 * it was typed (so the person finds it in what they pasted), grouped by reason, each once.
 */
export function snListProblem(text: string | null | undefined, lang: Lang): string | null {
  const typed = typedTokens(text);
  const byReason = new Map<string, string[]>();
  typed.forEach((token) => {
    const result = rules.cabinetSn.safeParse(token.toUpperCase());
    if (result.success) return;
    const reason = describeIssue(result.error.issues[0]!, lang);
    const names = byReason.get(reason) ?? [];
    if (!names.includes(token)) names.push(token);
    byReason.set(reason, names);
  });
  if (byReason.size > 0) return [...byReason].map(([reason, names]) => `${names.join(', ')}: ${reason}`).join('; ');
  const result = snListSchema.safeParse(typed.map((s) => s.toUpperCase()));
  return result.success ? null : describeIssue(result.error.issues[0]!, lang);
}

export function snListRule(lang: Lang): RuleObject {
  return {
    required: true,
    validator: async (_rule, value: unknown) => {
      const problem = snListProblem(typeof value === 'string' ? value : '', lang);
      if (problem) throw new Error(problem);
    },
  };
}

/** The end of a range against its start: same length and letters, not below it, at most 500. */
export function snRangeEndSchema(start: string | undefined) {
  return rules.cabinetSn.superRefine((end, ctx) => {
    const s = rules.cabinetSn.safeParse(start ?? '');
    if (!s.success) return; // the start field says what is wrong with it
    const problem = snRangeProblem(s.data, end);
    if (problem) ctx.addIssue({ code: 'custom', message: problem });
  });
}

/** How many cabinets a valid range holds, with its first and last SN; null when not valid. */
export function rangePreview(
  start: string | undefined,
  end: string | undefined,
): { count: number; first: string; last: string } | null {
  const s = rules.cabinetSn.safeParse(start ?? '');
  const e = rules.cabinetSn.safeParse(end ?? '');
  if (!s.success || !e.success || snRangeProblem(s.data, e.data)) return null;
  const list = expandSnRange(s.data, e.data);
  return { count: list.length, first: list[0]!, last: list.at(-1)! };
}
