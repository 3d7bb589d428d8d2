import { createHash } from 'node:crypto';

/**
 * A cabinet's hardware facts, drawn from its SN so they are the same on every run: its model and
 * slot count, versions, IMEI, ICCID, and the power banks it ships with.
 */

/** Models we simulate and their slot counts (protocol: 1-48; our cabinets ship with 8 to 48). */
export const MODELS: Readonly<Record<string, number>> = { 'CB-8': 8, 'CB-12': 12, 'CB-24': 24, 'CB-48': 48 };

/** A deterministic generator seeded from a string, so a cabinet's hardware facts are stable. */
export function seeded(seed: string): () => number {
  const h = createHash('sha256').update(seed).digest();
  let a = h.readUInt32LE(0);
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** The model a cabinet of this SN reports when none is given (the first draw of its seeded generator). */
export function modelFor(sn: string): string {
  const models = Object.keys(MODELS);
  return models[Math.floor(seeded(sn)() * models.length)]!;
}

export function digits(rnd: () => number, n: number): string {
  let s = '';
  for (let i = 0; i < n; i++) s += Math.floor(rnd() * 10);
  return s;
}

/** Luhn check digit, as real IMEIs carry. */
export function luhn(body: string): string {
  let sum = 0;
  for (let i = 0; i < body.length; i++) {
    let d = Number(body[body.length - 1 - i]);
    if (i % 2 === 0) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return String((10 - (sum % 10)) % 10);
}

/** The power bank that belongs to a slot of a cabinet at first start: 4 letters + 13 digits. */
export function powerBankIdFor(sn: string, slot: number): string {
  const letters = ('P' + sn.slice(0, 3)).toUpperCase();
  const num = sn.slice(4).slice(-11).padStart(11, '0');
  return `${letters}${num}${String(slot).padStart(2, '0')}`;
}
