import type { z } from 'zod';

/**
 * One phone, one canonical form (docs/decisions/customers.md, "One phone, one customer"). A phone arrives as
 * an area code and a mobile, split however the caller liked: `86|13611110002`, `8|613611110002`,
 * `861|3611110002`, `0086|13611110002` and `86|013611110002` are one phone, +86 136 1111 0002.
 * Every entrance turns the pair into the canonical form before anything is looked up, stored,
 * counted or texted: the country calling code (validated against the ITU's assigned codes of
 * countries and territories), and the national number without the trunk prefix (leading zeros),
 * digits only. Limits and accounts are keyed on it, so one phone has one budget and one customer.
 */

/**
 * The country calling codes ITU-T E.164 assigns to countries and territories. Codes of global
 * services (800, 808, 870, 878, 881-883, 888, 979, 991) are not here: a customer's phone is a
 * country's. The set is prefix-free (no code begins another: E.164 is built so), which is why the
 * digits of a split pair have at most one code in front (phone.test.ts checks both).
 */
export const CALLING_CODES: readonly string[] = [
  '1',
  '7',
  '20',
  '27',
  '30',
  '31',
  '32',
  '33',
  '34',
  '36',
  '39',
  '40',
  '41',
  '43',
  '44',
  '45',
  '46',
  '47',
  '48',
  '49',
  '51',
  '52',
  '53',
  '54',
  '55',
  '56',
  '57',
  '58',
  '60',
  '61',
  '62',
  '63',
  '64',
  '65',
  '66',
  '81',
  '82',
  '84',
  '86',
  '90',
  '91',
  '92',
  '93',
  '94',
  '95',
  '98',
  '211',
  '212',
  '213',
  '216',
  '218',
  '220',
  '221',
  '222',
  '223',
  '224',
  '225',
  '226',
  '227',
  '228',
  '229',
  '230',
  '231',
  '232',
  '233',
  '234',
  '235',
  '236',
  '237',
  '238',
  '239',
  '240',
  '241',
  '242',
  '243',
  '244',
  '245',
  '246',
  '247',
  '248',
  '249',
  '250',
  '251',
  '252',
  '253',
  '254',
  '255',
  '256',
  '257',
  '258',
  '260',
  '261',
  '262',
  '263',
  '264',
  '265',
  '266',
  '267',
  '268',
  '269',
  '290',
  '291',
  '297',
  '298',
  '299',
  '350',
  '351',
  '352',
  '353',
  '354',
  '355',
  '356',
  '357',
  '358',
  '359',
  '370',
  '371',
  '372',
  '373',
  '374',
  '375',
  '376',
  '377',
  '378',
  '379',
  '380',
  '381',
  '382',
  '383',
  '385',
  '386',
  '387',
  '389',
  '420',
  '421',
  '423',
  '500',
  '501',
  '502',
  '503',
  '504',
  '505',
  '506',
  '507',
  '508',
  '509',
  '590',
  '591',
  '592',
  '593',
  '594',
  '595',
  '596',
  '597',
  '598',
  '599',
  '670',
  '672',
  '673',
  '674',
  '675',
  '676',
  '677',
  '678',
  '679',
  '680',
  '681',
  '682',
  '683',
  '685',
  '686',
  '687',
  '688',
  '689',
  '690',
  '691',
  '692',
  '850',
  '852',
  '853',
  '855',
  '856',
  '880',
  '886',
  '960',
  '961',
  '962',
  '963',
  '964',
  '965',
  '966',
  '967',
  '968',
  '970',
  '971',
  '972',
  '973',
  '974',
  '975',
  '976',
  '977',
  '992',
  '993',
  '994',
  '995',
  '996',
  '998',
];
const CODES = new Set(CALLING_CODES);

/**
 * Countries whose national numbers keep a leading 0 after the country code (it is part of the
 * number, not a trunk prefix): Italy, San Marino, the Vatican, Côte d'Ivoire, the Republic of the
 * Congo. Their zeros are kept; everyone else's are dropped.
 */
export const KEEPS_LEADING_ZERO: readonly string[] = ['39', '378', '379', '225', '242'];

/**
 * The calling code of the demo's simulated customers. ITU keeps +999 spare (no country has it),
 * so no real phone is there; every public entrance refuses it (it is no country's), and only the
 * server's own simulated customers, signing in through the service, use it.
 */
export const SIMULATED_CALLING_CODE = '999';

/** Shortest and longest national number taken; E.164 allows 15 digits with the country code. */
export const NATIONAL_MIN = 4;
export const E164_MAX = 15;

export interface Phone {
  /** The country calling code, digits only, no "+". */
  areaCode: string;
  /** The national number, digits only, without the trunk prefix. */
  mobile: string;
}

/** Why a pair is no phone: the validation message keys (rules in platform/validation.ts). */
export type PhoneProblem = 'rule.phoneCountry' | 'rule.phoneNumber';

/**
 * The canonical form of an area code and a mobile, however split, or the reason it is none.
 * The digits of both are read as one international number (after the international prefix,
 * leading zeros of the area code): the one calling code in front is the country, the rest the
 * national number, whose leading zeros (the trunk prefix) are dropped. `simulated`: +999 is taken
 * (the server's own simulated customers only; never an entrance's input).
 */
export function canonicalPhone(
  areaCode: string,
  mobile: string,
  opts: { simulated?: boolean } = {},
): Phone | { problem: PhoneProblem } {
  const area = areaCode.trim().replace(/^\+/, '');
  const number = mobile.trim();
  if (!/^\d*$/.test(area) || !/^\d+$/.test(number))
    return { problem: /^\d*$/.test(area) ? 'rule.phoneNumber' : 'rule.phoneCountry' };
  const digits = area.replace(/^0+/, '') + number;
  let cc: string | undefined;
  if (opts.simulated && digits.startsWith(SIMULATED_CALLING_CODE)) cc = SIMULATED_CALLING_CODE;
  else for (let n = 1; n <= 3 && !cc; n++) if (CODES.has(digits.slice(0, n))) cc = digits.slice(0, n);
  // The code must come from the area code's digits at least in part: "86" typed into the mobile
  // with an empty area code is no country given.
  if (!cc || area.replace(/^0+/, '') === '') return { problem: 'rule.phoneCountry' };
  let national = digits.slice(cc.length);
  if (!KEEPS_LEADING_ZERO.includes(cc)) national = national.replace(/^0+/, '');
  if (national.length < NATIONAL_MIN || cc.length + national.length > E164_MAX) return { problem: 'rule.phoneNumber' };
  return { areaCode: cc, mobile: national };
}

/** True when canonicalPhone found a phone. */
export function isPhone(p: Phone | { problem: PhoneProblem }): p is Phone {
  return !('problem' in p);
}

/** The key limits and look-ups use: "86-13611110002" (the form sys_verify_code.target always had). */
export function phoneKey(p: Phone): string {
  return `${p.areaCode}-${p.mobile}`;
}

/** The international form, "+8613611110002", for providers and display. */
export function e164(p: Phone): string {
  return `+${p.areaCode}${p.mobile}`;
}

/**
 * A number typed as one string (a coupon send's list, an import): "+86 136 1111 0002",
 * "86-13611110002", "+8613611110002", "0086 13611110002". Without a "+" or a separator it is a
 * national number only: { areaCode: null, mobile } with its leading zeros dropped. Null: no phone.
 */
export function parsePhoneText(text: string): Phone | { areaCode: null; mobile: string } | null {
  const t = text.trim();
  const split = /^\+?(\d{1,4})[\s-]+([\d\s-]{4,24})$/.exec(t);
  if (split) {
    const p = canonicalPhone(split[1]!, split[2]!.replace(/[\s-]/g, ''));
    return isPhone(p) ? p : null;
  }
  const plus = /^(?:\+|00)(\d{5,20})$/.exec(t.replace(/[\s-]/g, ''));
  if (plus) {
    // All digits in one: the calling code is found in front, the rest is the national number.
    const digits = plus[1]!;
    const p = canonicalPhone(digits.slice(0, 1), digits.slice(1));
    return isPhone(p) ? p : null;
  }
  const national = /^\d{4,20}$/.exec(t);
  if (!national) return null;
  const mobile = t.replace(/^0+/, '');
  return mobile.length >= NATIONAL_MIN ? { areaCode: null, mobile } : null;
}

type Pair = { [k: string]: unknown };

/**
 * Makes an object schema canonicalize its phone pair (the area code and mobile fields named) at
 * the entrance: a pair that is no phone is refused with a message naming the field, and a phone
 * is rewritten to its canonical form, so the handler only ever sees canonical phones. The
 * schema's type and shape stay as they were (zod's overwrite), so the public input shapes are
 * unchanged. An absent or empty pair is left to the schema's own rules. `lenient` (a sign-in with
 * a password): a pair that is no phone is passed on as typed and simply matches no account, so
 * the answer stays "wrong account or password" and says nothing about the number.
 */
export function withPhone<S extends z.ZodType<Pair>>(
  schema: S,
  fields: { areaCode: string; mobile: string } = { areaCode: 'areaCode', mobile: 'mobile' },
  opts: { lenient?: boolean } = {},
): S {
  const read = (v: Pair) => ({ a: v[fields.areaCode], m: v[fields.mobile] });
  const present = (a: unknown, m: unknown): a is string =>
    typeof a === 'string' && typeof m === 'string' && a !== '' && m !== '';
  return schema
    .superRefine((v, ctx) => {
      const { a, m } = read(v);
      if (!present(a, m) || opts.lenient) return;
      const p = canonicalPhone(a, m as string);
      if (!isPhone(p))
        ctx.addIssue({
          code: 'custom',
          message: p.problem,
          path: [p.problem === 'rule.phoneCountry' ? fields.areaCode : fields.mobile],
        });
    })
    .overwrite((v) => {
      const { a, m } = read(v);
      if (!present(a, m)) return v;
      const p = canonicalPhone(a, m as string);
      return isPhone(p) ? { ...v, [fields.areaCode]: p.areaCode, [fields.mobile]: p.mobile } : v;
    }) as unknown as S;
}
