import type { RuleObject } from 'antd/es/form';
import {
  describeIssue,
  expandIdRange,
  idRangeProblem,
  isDeviceId,
  MOVEMENT_MAX,
  validationText,
  type DeviceType,
  type Lang,
  type ValidationKey,
} from '@cbo/contract';
import { z } from 'zod';

/**
 * Device IDs in a form, checked with the contract's own rules (isDeviceId, idRangeProblem,
 * MOVEMENT_MAX), so the form says what the server would say before anything is sent.
 */

/** A pasted list: one ID per line, or separated by commas, semicolons or spaces; upper-cased. */
export function parseIdList(text: string | null | undefined): string[] {
  if (!text) return [];
  return text
    .split(/[\s,;，；、]+/)
    .map((s) => s.trim().toUpperCase())
    .filter(Boolean);
}

/** 1-500 IDs; each one's own rule is the server's to report, device by device. */
export function idListRule(lang: Lang): RuleObject {
  return {
    required: true,
    validator: async (_rule, value: unknown) => {
      const n = parseIdList(typeof value === 'string' ? value : '').length;
      const r = z.array(z.string()).min(1).max(MOVEMENT_MAX).safeParse(new Array(n).fill(''));
      if (!r.success) throw new Error(describeIssue(r.error.issues[0]!, lang));
    },
  };
}

/** A range end: well formed for the kind, and with the start the same length and letters, ordered, at most 500. */
export function rangeRule(lang: Lang, label: string, type: DeviceType | undefined, start?: string): RuleObject {
  // An English reason reads as a predicate ("is required"): it gets its subject, as the server's "endId: is required" has one.
  const say = (key: ValidationKey) =>
    new Error(lang === 'en_US' ? `${label} ${validationText(key, lang)}` : validationText(key, lang));
  return {
    required: true,
    validator: async (_rule, value: unknown) => {
      const v = typeof value === 'string' ? value.trim().toUpperCase() : '';
      if (!v) throw say('required');
      // The kind's own rule in the message: a cabinet 12 or 13 digits, any other kind 13.
      if (!isDeviceId(v, type ?? 'cabinet'))
        throw say(type && type !== 'cabinet' ? 'rule.otherDeviceId' : 'rule.deviceId');
      if (start !== undefined) {
        const s = start.trim().toUpperCase();
        const problem = s ? idRangeProblem(s, v) : null;
        if (problem) throw say(problem as ValidationKey);
      }
    },
  };
}

/** How many devices a valid range holds; null when it is not valid. */
export function rangeCount(start: string | undefined, end: string | undefined): number | null {
  const s = start?.trim().toUpperCase() ?? '';
  const e = end?.trim().toUpperCase() ?? '';
  if (!/^[A-Z]{4}\d{12,13}$/.test(s) || !/^[A-Z]{4}\d{12,13}$/.test(e) || idRangeProblem(s, e)) return null;
  return expandIdRange(s, e).length;
}
