import type { OrderBilling, PaymentKind } from '@cbo/contract';

/**
 * The fee of a rental, as a pure function of the billing rule (data) and the minutes billed.
 *
 * - Within the free minutes nothing is due. Past them, the free minutes are not charged: the
 *   periods count from the end of the free time, each started period at the full price.
 * - Every whole 24 hours of charged time costs at most the daily cap, and so does the part of a
 *   day left over.
 * - The whole never exceeds the total cap (the buy-out price).
 * - Kept for the rule's buy-out days or longer, the power bank counts as bought: the fee is the
 *   total cap, and the order's payment kind is "timeout".
 *
 * Money is whole cents; nothing here rounds except the count of started periods.
 */
export interface Fee {
  amount: number;
  paymentKind: PaymentKind;
}

const DAY = 1440;

export function rentalFee(rule: OrderBilling, billedMinutes: number): Fee {
  const minutes = Math.max(0, Math.ceil(billedMinutes));
  if (rule.buyOutDays > 0 && minutes >= rule.buyOutDays * DAY) return { amount: rule.totalCap, paymentKind: 'timeout' };
  if (minutes <= rule.freeMinutes) return { amount: 0, paymentKind: 'normal' };
  const charged = minutes - rule.freeMinutes;
  const dayPrice = (m: number) => Math.min(rule.dailyCap, Math.ceil(m / rule.periodMinutes) * rule.pricePerPeriod);
  const days = Math.floor(charged / DAY);
  const rest = charged % DAY;
  const amount = days * dayPrice(DAY) + (rest > 0 ? dayPrice(rest) : 0);
  return { amount: Math.min(amount, rule.totalCap), paymentKind: 'normal' };
}

/** Whole minutes between two instants, less the minutes billing was suspended (never below 0). */
export function billedMinutes(start: Date, end: Date, suspendedMinutes: number): number {
  const used = Math.ceil((end.getTime() - start.getTime()) / 60_000);
  return Math.max(0, used - suspendedMinutes);
}

/** A percentage of an amount, rounded half up to whole cents. */
export function percentOf(amount: number, percent: number): number {
  return Math.round((amount * percent) / 100);
}

/** The platform's charging-cable package settings (system configuration, operation group). */
export interface CablePackageSettings {
  prepaid: number;
  firstThreeHours: number;
  maxTwelveHours: number;
}

/**
 * What a cable package of `hours` costs when bought: the cable's own tier amount, never above the
 * platform's settings. A package of three hours or less at most the first-three-hours amount, one
 * of twelve hours or less at most the 12-hour maximum, and any package at most the prepaid amount
 * (the most a cable purchase ever takes up front). docs/decisions/orders-and-payments.md, "Cable and Bluetooth orders".
 */
export function cablePackagePrice(amount: number, hours: number, s: CablePackageSettings): number {
  const ceiling = hours <= 3 ? s.firstThreeHours : hours <= 12 ? s.maxTwelveHours : s.prepaid;
  return Math.min(amount, ceiling, s.prepaid);
}

/**
 * The rule a Bluetooth charger session is billed by: its charger's hourly price and daily cap, each
 * at most the platform's Bluetooth settings (hourly limit, daily cap) at the start; no free time;
 * the fee never above the prepayment held (the session's total cap); no buy-out.
 */
export function bluetoothBilling(
  charger: { hourlyPrice: number; dailyCap: number },
  s: { bluetoothHourlyLimit: number; bluetoothDailyCap: number },
  prepayment: number,
): OrderBilling {
  return {
    freeMinutes: 0,
    pricePerPeriod: Math.min(charger.hourlyPrice, s.bluetoothHourlyLimit),
    periodMinutes: 60,
    dailyCap: Math.min(charger.dailyCap, s.bluetoothDailyCap),
    totalCap: prepayment,
    deposit: prepayment,
    buyOutDays: 0,
  };
}
