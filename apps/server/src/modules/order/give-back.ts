import type { OrderRow } from './order.core.js';
import type { OrderEngine } from './order.engine.js';

/*
 * The "give the charge back" step of every order that takes its money before it is recorded (a
 * rent, a cable package, a Bluetooth session): one place for the call to the engine's
 * giveBackCharge (order.renting.ts), which decides under the customer's lock.
 */

/** A charge taken before its order was recorded: its key, amount, the company's reference and the order number it was for. */
export interface TakenCharge {
  chargeKey: string;
  amount: number;
  reference: string;
  orderNo: string;
  /** How it goes back: refunded (a charge, the default) or unfrozen (a deposit-free authorization). */
  op?: 'refund' | 'unfreeze';
}

type Engine = Pick<OrderEngine, 'giveBackCharge'>;

/**
 * The order was refused after its money was taken: the order a twin tap with the same key opened
 * answers (it keeps the charge, `answer` shapes it), or the charge goes back, its key is spent and
 * the refusal stands (thrown).
 */
export async function twinOrGiveBack<T>(
  engine: Engine,
  tap: { userId: number; rentKey: string | undefined },
  taken: TakenCharge,
  answer: (twin: OrderRow) => T,
  refusal: unknown,
): Promise<T> {
  const twin = await engine.giveBackCharge({ userId: tap.userId, rentKey: tap.rentKey ?? null, ...taken });
  if (twin) return answer(twin);
  throw refusal;
}

/** The company moved another amount than asked: it goes back at once, no twin looked for (no order opens on it). */
export async function giveBack(engine: Engine, userId: number, taken: TakenCharge): Promise<void> {
  await engine.giveBackCharge({ userId, rentKey: null, ...taken });
}
