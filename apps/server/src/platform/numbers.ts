import crypto from 'node:crypto';

/**
 * A business number people read and type (an application, a purchase, a code batch): the prefix,
 * the UTC time to the second (yyyyMMddHHmmss) and six random digits, e.g. W20261129125414038271.
 * Uniqueness is the table's unique index; the random part makes a clash within one second rare.
 */
export function timedNo(prefix: string, now = new Date()): string {
  const p = (n: number) => String(n).padStart(2, '0');
  const time = `${now.getUTCFullYear()}${p(now.getUTCMonth() + 1)}${p(now.getUTCDate())}${p(now.getUTCHours())}${p(now.getUTCMinutes())}${p(now.getUTCSeconds())}`;
  return `${prefix}${time}${crypto.randomInt(0, 1_000_000).toString().padStart(6, '0')}`;
}
