import { describe, expect, it } from 'vitest';
import dayjs from 'dayjs';
import { separationRuleSaveRequest, type SeparationRuleItem } from '@cbo/contract';
import { formToRequest, ruleToForm, snsOf, type RuleFormValues } from './rule-form';

describe('the separation rule form', () => {
  it('reads pasted SNs: any separator, upper-cased, each once', () => {
    expect(snsOf('simu01, SIMU02;simu03\nSIMU01  simu04，simu05')).toEqual([
      'SIMU01',
      'SIMU02',
      'SIMU03',
      'SIMU04',
      'SIMU05',
    ]);
    expect(snsOf('  ')).toEqual([]);
  });

  it('sends money in the smallest unit and the windows as ISO times, which the contract accepts', () => {
    const v = {
      ...(ruleToForm(null, 'CNY') as RuleFormValues),
      name: 'Night',
      deviceSns: ['SIMU01'],
      startAmount: 1.5,
      capAmount: 20,
      totalCap: 300,
    };
    const req = formToRequest(v, 'CNY');
    expect(req).toMatchObject({
      startAmount: 150,
      capAmount: 2000,
      totalCap: 30000,
      countStart: 1,
      countCap: 100,
      type: 'allPartners',
    });
    expect(separationRuleSaveRequest.safeParse(req).success).toBe(true);
    expect(formToRequest({ ...v, totalCap: null }, 'CNY').totalCap).toBeNull();
    // A start above the cap is the contract's refusal, as on the server.
    expect(separationRuleSaveRequest.safeParse(formToRequest({ ...v, startAmount: 30 }, 'CNY')).success).toBe(false);
  });

  it("edits a rule in the currency's units", () => {
    const at = '2026-11-26T10:00:00.000Z';
    const rule = {
      name: 'R',
      type: 'outlet',
      deviceSns: ['A'],
      orderBeginTime: at,
      orderEndTime: at,
      startAmount: 100,
      capAmount: 990,
      countStart: 2,
      countCap: 5,
      totalCap: null,
      startTime: at,
      endTime: at,
    } as unknown as SeparationRuleItem;
    const f = ruleToForm(rule, 'JPY');
    expect(f).toMatchObject({ startAmount: 100, capAmount: 990, countStart: 2, totalCap: null });
    expect(f.orderTime![0].isSame(dayjs(at))).toBe(true);
    expect(ruleToForm(rule, 'CNY')).toMatchObject({ startAmount: 1, capAmount: 9.9 });
  });
});
