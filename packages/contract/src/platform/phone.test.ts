import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { CALLING_CODES, canonicalPhone, e164, parsePhoneText, phoneKey, withPhone } from './phone.js';

const CHINA = { areaCode: '86', mobile: '13611110002' };

describe('canonicalPhone', () => {
  it('the calling codes are prefix-free, so a split pair has at most one code in front', () => {
    const clashes = CALLING_CODES.flatMap((a) =>
      CALLING_CODES.filter((b) => a !== b && b.startsWith(a)).map((b) => `${a} begins ${b}`),
    );
    expect(clashes).toEqual([]);
    expect(new Set(CALLING_CODES).size).toBe(CALLING_CODES.length);
  });

  it('every split of one phone is the same phone (issue 26: eight budgets for one phone)', () => {
    const splits: [string, string][] = [
      ['86', '13611110002'],
      ['8', '613611110002'],
      ['861', '3611110002'],
      ['086', '13611110002'],
      ['0086', '13611110002'],
      ['+86', '13611110002'],
      [' 86 ', '13611110002'],
      ['86', '013611110002'],
      ['86', '0013611110002'],
      ['+8', '613611110002'],
      ['8613', '611110002'],
    ];
    for (const [a, m] of splits) expect(canonicalPhone(a, m), `${a}|${m}`).toEqual(CHINA);
    expect(phoneKey(CHINA)).toBe('86-13611110002');
    expect(e164(CHINA)).toBe('+8613611110002');
  });

  it('other countries: one-digit, three-digit codes and the trunk prefix', () => {
    expect(canonicalPhone('1', '2125550123')).toEqual({ areaCode: '1', mobile: '2125550123' });
    expect(canonicalPhone('44', '07700900123')).toEqual({ areaCode: '44', mobile: '7700900123' });
    expect(canonicalPhone('852', '91234567')).toEqual({ areaCode: '852', mobile: '91234567' });
    expect(canonicalPhone('88', '6912345678')).toEqual({ areaCode: '886', mobile: '912345678' });
    expect(canonicalPhone('7', '9161234567')).toEqual({ areaCode: '7', mobile: '9161234567' });
  });

  it('keeps the leading 0 where it is part of the number (Italy, Côte d’Ivoire)', () => {
    expect(canonicalPhone('39', '0612345678')).toEqual({ areaCode: '39', mobile: '0612345678' });
    expect(canonicalPhone('3', '90612345678')).toEqual({ areaCode: '39', mobile: '0612345678' });
    expect(canonicalPhone('225', '0707070707')).toEqual({ areaCode: '225', mobile: '0707070707' });
  });

  it('refuses what is no country or no number', () => {
    expect(canonicalPhone('999', '13800000001')).toEqual({ problem: 'rule.phoneCountry' });
    expect(canonicalPhone('0', '13800000001')).toEqual({ problem: 'rule.phoneCountry' });
    expect(canonicalPhone('', '8613800000001')).toEqual({ problem: 'rule.phoneCountry' });
    expect(canonicalPhone('800', '12345678')).toEqual({ problem: 'rule.phoneCountry' });
    expect(canonicalPhone('86', '123')).toEqual({ problem: 'rule.phoneNumber' });
    expect(canonicalPhone('86', '0000')).toEqual({ problem: 'rule.phoneNumber' });
    expect(canonicalPhone('86', '1234567890123456')).toEqual({ problem: 'rule.phoneNumber' });
    expect(canonicalPhone('86', '136-1111')).toEqual({ problem: 'rule.phoneNumber' });
    expect(canonicalPhone('8a', '13611110002')).toEqual({ problem: 'rule.phoneCountry' });
  });

  it('+999 is the simulated customers’ only when asked for', () => {
    expect(canonicalPhone('999', '013800000001', { simulated: true })).toEqual({
      areaCode: '999',
      mobile: '13800000001',
    });
    expect(canonicalPhone('86', '13800000001', { simulated: true })).toEqual({ areaCode: '86', mobile: '13800000001' });
  });
});

describe('parsePhoneText', () => {
  it('reads the ways a number is typed into a list', () => {
    for (const t of [
      '+86 136 1111 0002',
      '86-13611110002',
      '+8613611110002',
      '0086 13611110002',
      '+86-013611110002',
      '8-613611110002',
    ]) {
      expect(parsePhoneText(t), t).toEqual(CHINA);
    }
    expect(parsePhoneText('013611110002')).toEqual({ areaCode: null, mobile: '13611110002' });
    expect(parsePhoneText('13611110002')).toEqual({ areaCode: null, mobile: '13611110002' });
    for (const t of ['abc', '999-13800000001', '+99913800000001', '12', '']) expect(parsePhoneText(t), t).toBeNull();
  });
});

describe('withPhone', () => {
  const schema = withPhone(z.object({ areaCode: z.string(), mobile: z.string(), other: z.number().optional() }));

  it('rewrites the pair to its canonical form and keeps the rest', () => {
    expect(schema.parse({ areaCode: '861', mobile: '3611110002', other: 1 })).toEqual({ ...CHINA, other: 1 });
  });

  it('refuses a pair that is no phone, naming the field', () => {
    const r = schema.safeParse({ areaCode: '999', mobile: '13800000001' });
    expect(r.success).toBe(false);
    expect(r.error?.issues[0]).toMatchObject({ message: 'rule.phoneCountry', path: ['areaCode'] });
    const n = schema.safeParse({ areaCode: '86', mobile: '12' });
    expect(n.error?.issues[0]).toMatchObject({ message: 'rule.phoneNumber', path: ['mobile'] });
  });

  it('leaves an absent pair to the schema (optional pairs)', () => {
    const optional = withPhone(z.object({ areaCode: z.string().optional(), mobile: z.string().optional() }));
    expect(optional.parse({})).toEqual({});
  });
});
