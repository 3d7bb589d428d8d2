/**
 * Cents as yuan text ("12.30", "-0.06"): the one way the server writes an amount for a person to
 * read (error message parameters, exported sheets, notices). Amounts are kept in whole cents
 * everywhere; this is the only place that turns them into text. Integer arithmetic, so no float
 * rounding shows; a fraction of a cent (an average) is rounded to the nearest cent first.
 */
export function yuan(cents: number): string {
  const whole = Math.round(cents);
  const sign = whole < 0 ? '-' : '';
  const abs = Math.abs(whole);
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}
