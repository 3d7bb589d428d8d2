import dayjs, { type Dayjs } from 'dayjs';
import type { SeparationRuleItem, SeparationRuleSaveRequest, SeparationType } from '@cbo/contract';
import { toMinor, toUnits } from '@/shared/money';

/** The drawer's values: money in the currency's units, the two windows as pickers' ranges. */
export interface RuleFormValues {
  name: string;
  type: SeparationType;
  deviceSns: string[];
  orderTime: [Dayjs, Dayjs] | null;
  startAmount: number | null;
  capAmount: number | null;
  countStart: number | null;
  countCap: number | null;
  totalCap: number | null;
  validTime: [Dayjs, Dayjs] | null;
}

/** A new rule: every partner's share, orders of the last day onward, a year in force, each device's first 100 orders. */
export function ruleToForm(r: SeparationRuleItem | null | undefined, currency: string | null): Partial<RuleFormValues> {
  if (!r) {
    const now = dayjs().startOf('minute');
    return {
      type: 'allPartners',
      deviceSns: [],
      orderTime: [now.subtract(1, 'day'), now.add(30, 'day')],
      countStart: 1,
      countCap: 100,
      totalCap: null,
      validTime: [now, now.add(30, 'day')],
    };
  }
  return {
    name: r.name,
    type: r.type,
    deviceSns: r.deviceSns,
    orderTime: [dayjs(r.orderBeginTime), dayjs(r.orderEndTime)],
    startAmount: toUnits(r.startAmount, currency),
    capAmount: toUnits(r.capAmount, currency),
    countStart: r.countStart,
    countCap: r.countCap,
    totalCap: r.totalCap === null ? null : toUnits(r.totalCap, currency),
    validTime: [dayjs(r.startTime), dayjs(r.endTime)],
  };
}

/** The request of the drawer's values (the contract's schema checks it again on the server). */
export function formToRequest(v: RuleFormValues, currency: string | null): SeparationRuleSaveRequest {
  return {
    name: v.name,
    type: v.type,
    deviceSns: v.deviceSns,
    orderBeginTime: v.orderTime![0].toISOString(),
    orderEndTime: v.orderTime![1].toISOString(),
    startAmount: toMinor(v.startAmount ?? 0, currency),
    capAmount: toMinor(v.capAmount ?? 0, currency),
    countStart: v.countStart ?? 1,
    countCap: v.countCap ?? 1,
    totalCap: v.totalCap === null || v.totalCap === undefined ? null : toMinor(v.totalCap, currency),
    startTime: v.validTime![0].toISOString(),
    endTime: v.validTime![1].toISOString(),
  };
}

/** Pasted text as SNs: split on commas, semicolons and white space, upper-cased, each once. */
export function snsOf(text: string): string[] {
  return [
    ...new Set(
      text
        .split(/[\s,;，；]+/)
        .map((s) => s.trim().toUpperCase())
        .filter(Boolean),
    ),
  ];
}
