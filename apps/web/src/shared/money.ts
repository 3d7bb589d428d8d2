import { useCallback, useMemo } from 'react';
import { useQuery } from '@tanstack/react-query';
import type { Lang } from '@cbo/contract';
import { useLang } from './form/lang';
import { request } from './request';

/**
 * Money travels as a whole count of the currency's smallest unit (design.md); people read and
 * type it in currency units. How many decimals a unit has is the currency's own (CNY 2, JPY 0),
 * as Intl knows it, so one function serves every currency the settings offer.
 */

const LOCALES: Record<Lang, string> = { zh_CN: 'zh-CN', zh_TW: 'zh-TW', en_US: 'en-US' };

/** Decimals of the currency's unit (2 for CNY and USD, 0 for JPY); 2 for a code Intl does not know. */
export function minorDigits(currency: string | null | undefined): number {
  if (!currency) return 2;
  try {
    return new Intl.NumberFormat('en-US', { style: 'currency', currency }).resolvedOptions().maximumFractionDigits ?? 2;
  } catch {
    return 2;
  }
}

/** Smallest units → currency units: 12345 → 123.45 (CNY). */
export function toUnits(minor: number, currency?: string | null): number {
  return minor / 10 ** minorDigits(currency);
}

/** Currency units as typed → smallest units, rounded to a whole count: 123.455 → 12346 (CNY). */
export function toMinor(units: number, currency?: string | null): number {
  // Shifted in decimal notation, not multiplied: 1.005 * 100 is 100.49999... in binary floats.
  return Math.round(Number(`${units.toFixed(12)}e${minorDigits(currency)}`));
}

/**
 * An amount in smallest units shown as currency in a language ("¥123.45", "NT$1,200.00");
 * without a known currency, the number with the currency's decimals ("123.45").
 */
export function formatMoney(minor: number | null | undefined, currency: string | null | undefined, lang: Lang): string {
  if (minor === null || minor === undefined) return '-';
  const digits = minorDigits(currency);
  const units = minor / 10 ** digits;
  if (currency) {
    try {
      return new Intl.NumberFormat(LOCALES[lang], {
        style: 'currency',
        currency,
        minimumFractionDigits: digits,
        maximumFractionDigits: digits,
      }).format(units);
    } catch {
      // an unknown code: the plain number below
    }
  }
  return new Intl.NumberFormat(LOCALES[lang], { minimumFractionDigits: digits, maximumFractionDigits: digits }).format(
    units,
  );
}

/**
 * An amount in smallest units as a bare number with two decimals, no symbol and no grouping
 * (12345 → "123.45", null → "-"): where a column or a sentence already names the money and the
 * figures line up (outlet billing, package prices). Prefer `useMoney().money` elsewhere.
 */
export function plainMoney(minor: number | null | undefined): string {
  if (minor === null || minor === undefined) return '-';
  return (minor / 100).toFixed(2);
}

/** The currency money is kept in (the payment provider's); null until known or when unreachable. */
export function useCurrency(): string | null {
  const { data } = useQuery({
    queryKey: ['ledgerPaymentProvider'],
    // Decoration: without an answer amounts show as plain numbers, never a toast.
    queryFn: ({ signal }) => request('ledgerPaymentProvider', {}, { silent: true, signal }),
    staleTime: Infinity,
    retry: false,
  });
  return data?.currency ?? null;
}

/** `money(cents)` in the console's language and the business's currency, plus the currency itself. */
export function useMoney(): {
  money: (minor: number | null | undefined) => string;
  currency: string | null;
  digits: number;
} {
  const lang = useLang();
  const currency = useCurrency();
  const money = useCallback((minor: number | null | undefined) => formatMoney(minor, currency, lang), [currency, lang]);
  return useMemo(() => ({ money, currency, digits: minorDigits(currency) }), [money, currency]);
}
