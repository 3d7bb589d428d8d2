import type { OrderPayChannel, PayMode } from '@cbo/contract';
import { AppError } from '../../platform/http/app-error.js';
import type { DevicePayTerms } from './needs.js';

/**
 * What an enabled device payment configuration decides of an order, for every device kind alike
 * (docs/decisions/orders-and-payments.md, "Device payment configurations act on the next rental"): the channel the
 * money goes through and, for cables and chargers, the most taken up front. The cabinet's terms
 * (deposit, buy-out) are the engine's `rentTerms`.
 */

/**
 * The channel an order's money goes through: the balance for the balance pay mode; else the one
 * asked for, which must be a payment company's channel of the configuration; else the
 * configuration's first such channel; null when no configuration applies and none was asked.
 * A channel the configuration does not offer answers ORDER_PAY_CHANNEL, naming those it does.
 */
export function payChannelOf(
  config: DevicePayTerms | null,
  payMode: PayMode,
  asked: OrderPayChannel | undefined,
): OrderPayChannel | null {
  const offered = companyChannels(config);
  const refuse = () => new AppError('ORDER_PAY_CHANNEL', { channels: (config?.channels ?? []).join(', ') });
  if (payMode === 'balance') {
    if ((config && !config.channels.includes('balance')) || (asked && asked !== 'balance')) throw refuse();
    return 'balance';
  }
  if (asked) {
    if (asked === 'balance' || (offered && !offered.includes(asked))) throw refuse();
    return asked;
  }
  if (offered) {
    if (!offered.length) throw refuse();
    return offered[0]!;
  }
  return null;
}

/** The payment companies' channels a configuration offers (null: no configuration, any). */
export function companyChannels(config: DevicePayTerms | null): OrderPayChannel[] | null {
  return config ? config.channels.filter((c) => c !== 'balance') : null;
}

/**
 * The most a cable purchase or a Bluetooth session takes up front under a configuration: its
 * amount (the prepayment, or the deposit: a cable or charger is paid, never kept, so both are
 * money held or paid before use). A deposit-free configuration holds nothing and sets no amount:
 * the settings' amounts apply, as without a configuration (null).
 */
export function upFrontOf(config: DevicePayTerms | null): number | null {
  return config && config.payMode !== 'depositFree' && config.amount > 0 ? config.amount : null;
}
