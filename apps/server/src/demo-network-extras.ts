import { couponSaveRequest } from '@cbo/contract';
import { AppError } from './platform/http/app-error.js';
import type { Server } from './app.js';
import { DEMO_WORDS, type DemoWords } from './demo-words.js';

/*
 * The demo network's charging cables and coupons (demo-network.ts makes them with the rest of the
 * network, in its transaction).
 */

type Services = Server['services'];

/** The demo's charging cables: sold by the hour-to-day packages the field sells, one in each of the first outlets. */
export const DEMO_CABLES = ['DEMO0000000000001', 'DEMO0000000000002'];
/** Packages of 1, 3, 12 and 24 hours (named by DEMO_WORDS' cable tiers). */
const DEMO_CABLE_TIERS = [
  { hours: 1, amount: 200 },
  { hours: 3, amount: 300 },
  { hours: 12, amount: 800 },
  { hours: 24, amount: 1000 },
];

/**
 * Two charging cables bound to the first two demo outlets, so the simulated customers buy cable
 * packages too. The cables and their model stay after demo:clear (unbound), as any device the
 * assets know does; a later demo network finds and binds them again.
 */
export async function demoCables(services: Services, outletIds: number[], words: DemoWords): Promise<void> {
  const { assets, accessories, outlet } = services;
  const known = (await assets.models.rows({ deviceType: 'cable', model: 'DEMOC1' }, 0, 10)).find(
    (m) => m.model === 'DEMOC1',
  );
  const modelId =
    known?.id ?? (await assets.models.save({ productName: words.cableModel, model: 'DEMOC1', deviceType: 'cable' })).id;
  for (const [i, id] of DEMO_CABLES.entries()) {
    const outletId = outletIds[i];
    if (!outletId) break;
    await accessories.cables
      .add(
        { deviceId: id, modelId, packages: DEMO_CABLE_TIERS.map((t, n) => ({ ...t, name: words.cableTiers[n]! })) },
        { id: null, name: 'demo' },
      )
      .catch((e: unknown) => {
        if (!(e instanceof AppError)) throw e; // already added by an earlier demo network
      });
    await outlet.outlets.bind({ outletId, sn: id, deviceType: 'cable', reason: words.remark }).catch((e: unknown) => {
      if (!(e instanceof AppError)) throw e;
    });
  }
}

/**
 * The demo's coupons: a duration voucher given by redeeming a code, and a money voucher the
 * platform sends; by their names in every language (the simulated customers find the demo's coupons
 * whatever language they were made in).
 */
export const DEMO_COUPONS = {
  duration: Object.values(DEMO_WORDS).map((w) => w.coupons.duration),
  money: Object.values(DEMO_WORDS).map((w) => w.coupons.money),
} as const;
/** Codes of the duration voucher the demo generates (the simulated customers redeem them now and then). */
const DEMO_CODES = 200;

/**
 * Two coupons for the whole platform, valid a year: the duration voucher (1 free hour, by code,
 * with a batch of codes) and the money voucher (2.00 off, sent by the platform). The simulated
 * customers redeem a code or are sent the money voucher now and then, and their next rental uses
 * it (simulated-customers.ts), so the coupon screens and the marketing expense in the ledger fill
 * within minutes. A name already taken (a second demo after a clear) is left as it is.
 */
export async function demoCoupons(services: Services, words: DemoWords): Promise<void> {
  const now = Date.now();
  const validFrom = new Date(now - 60_000).toISOString();
  const validTo = new Date(now + 365 * 86_400_000).toISOString();
  const make = async (body: object) =>
    services.coupon.coupons.save(couponSaveRequest.parse(body), 'demo').catch((e: unknown) => {
      if (!(e instanceof AppError)) throw e;
      return null;
    });
  const duration = await make({
    name: words.coupons.duration,
    type: 'duration',
    scope: 'platform',
    durationHours: 1,
    total: 1000,
    validFrom,
    validTo,
    exchangeDeadline: validTo,
    source: 'code',
  });
  await make({
    name: words.coupons.money,
    type: 'money',
    scope: 'platform',
    amount: 200,
    total: 1000,
    validFrom,
    validTo,
    source: 'platform',
  });
  if (duration) await services.coupon.codes.createBatch({ couponId: duration.id, quantity: DEMO_CODES }, 'demo');
}
