import crypto from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { Fleet } from '@cbo/simulator';
import type { Server } from './app.js';
import { SIMULATED_AREA_CODE } from './platform/sms/sms-provider.js';
import { DEMO_COUPONS } from './demo-network.js';

type Answer = { code: number; msg: string; data: any };

export interface CustomerOptions {
  /** How many customers walk around. */
  customers: number;
  /** Seconds a customer keeps a power bank, at least and at most. */
  holdSeconds?: [number, number];
  /** Seconds between giving one back and renting the next, at least and at most. */
  restSeconds?: [number, number];
  /** Share of outings (0-1) in which a customer holding no unused coupon gets one (a code redeemed or the money voucher sent); 1/8 by default. */
  couponShare?: number;
}

/**
 * Simulated customers for the demo business: each signs in through the app API with a code (the
 * texts to the simulator's area code stay in the process), rents a power bank from a cabinet of a
 * demo outlet, keeps it a few minutes (past the free minutes) and gives it back to another cabinet, where the cabinet's
 * return event ends the order, takes the fee and pays the chain: exactly what a person with the
 * app does. The first rents start within seconds, so orders appear soon after the first start.
 * One outing in five, where a charging cable is bound to an outlet, is a cable package bought instead.
 * Now and then a customer without a coupon redeems one of the demo's codes in the app, or the
 * platform sends it the demo's money voucher; its next rental uses the coupon (the deduction is
 * the platform's marketing expense in the ledger).
 */
export function startSimulatedCustomers(
  server: Server,
  fleet: Fleet,
  log: FastifyBaseLogger,
  opts: CustomerOptions,
): { stop(): void } {
  // Past the free minutes (3 by default), so most orders pay and the chain gets its shares.
  const [holdMin, holdMax] = opts.holdSeconds ?? [200, 480];
  const [restMin, restMax] = opts.restSeconds ?? [10, 60];
  const couponShare = opts.couponShare ?? 0.125;
  let stopped = false;
  const timers = new Set<NodeJS.Timeout>();
  const wait = (s: number) =>
    new Promise<void>((resolve) => {
      const t = setTimeout(() => {
        timers.delete(t);
        resolve();
      }, s * 1000);
      t.unref();
      timers.add(t);
    });
  const between = (a: number, b: number) => a + Math.random() * (b - a);
  const call = async (method: 'GET' | 'POST', url: string, body?: unknown, token?: string): Promise<Answer> => {
    const r = await server.app.inject({
      method,
      url,
      payload: body as object | undefined,
      headers: { clienttype: 'USER_ANDROID', ...(token ? { authorization: token } : {}) },
    });
    return r.json() as Answer;
  };
  const registered = () => fleet.cabinets.filter((c) => c.registered);

  /**
   * Signs in through the customers' service, not the public calls: their +999 numbers are refused
   * by every public entrance (no country has +999), so no stranger can send codes to them and
   * spend their daily codes, and their texts, which never leave the process, take from no budget
   * of real texts (docs/decisions/customers.md, "One phone, one customer"). From then on they use the app's
   * calls with their token, as a person does.
   */
  async function signIn(mobile: string): Promise<string | null> {
    const { customers } = server.services.network;
    const phone = { areaCode: SIMULATED_AREA_CODE, mobile };
    try {
      await customers.sendCode(phone.areaCode, phone.mobile, { simulated: true });
    } catch (e) {
      if ((e as { errorName?: string }).errorName !== 'CODE_TOO_FREQUENT') return null;
    }
    const code = server.services.simulatedTexts.takeCode(mobile);
    if (!code) return null;
    try {
      const r = await customers.signIn(
        { ...phone, code, clientType: 'USER_ANDROID' },
        { ip: '127.0.0.1', headers: { 'user-agent': 'simulated customer' } },
        { simulated: true },
      );
      return r.token;
    } catch {
      return null;
    }
  }

  /** A cabinet of an outlet in service with a power bank ready, if any (a few tries). */
  async function pick(token: string): Promise<string | null> {
    for (let i = 0; i < 6; i++) {
      const cabs = registered();
      const cab = cabs[Math.floor(Math.random() * cabs.length)];
      if (!cab) return null;
      const q = await call('GET', `/order/api/app/v1/order/quote?sn=${cab.sn}`, undefined, token);
      if (q.code === 0 && q.data.online && q.data.available > 0 && q.data.holding < q.data.maxPerUser) return cab.sn;
    }
    return null;
  }

  /**
   * Now and then a customer buys a charging-cable package instead (one in five outings, when a cable
   * is bound to an outlet): quoted by the cable's ID, paid, and the unlock code answered at once.
   */
  async function buyCable(token: string): Promise<boolean> {
    const cables = await server.services.accessories.cables.rows({ bound: true }, 0, 20);
    const cable = cables[Math.floor(Math.random() * cables.length)];
    if (!cable) return false;
    const q = await call('GET', `/order/api/app/v1/cable/quote?deviceId=${cable.id}`, undefined, token);
    const packages = (q.data?.packages ?? []) as { hours: number }[];
    const pkg = packages[Math.floor(Math.random() * packages.length)];
    if (q.code !== 0 || !pkg) return false;
    const buy = await call(
      'POST',
      '/order/api/app/v1/cable/buy',
      { deviceId: cable.id, hours: pkg.hours, idempotencyKey: crypto.randomUUID() },
      token,
    );
    return buy.code === 0;
  }

  async function buyVoucher(token: string, sn: string): Promise<void> {
    const mine = await call('GET', '/order/api/app/v1/voucher/mine?pageNum=1&pageSize=20', undefined, token);
    if (mine.code !== 0 || (mine.data.list as { status: string }[]).some((v) => v.status === 'paid')) return;
    const offered = await call('GET', `/order/api/app/v1/voucher/list?sn=${sn}`, undefined, token);
    const pick =
      offered.code === 0
        ? (offered.data as { id: number }[])[Math.floor(Math.random() * offered.data.length)]
        : undefined;
    if (pick)
      await call(
        'POST',
        '/order/api/app/v1/voucher/buy',
        { voucherId: pick.id, idempotencyKey: crypto.randomUUID() },
        token,
      );
  }

  /** The demo coupon of one of these names (its name in each language), if the demo made it and it is active. */
  async function demoCoupon(names: readonly string[]): Promise<number | null> {
    for (const name of names) {
      const rows = await server.services.coupon.coupons.rows({ name }, 0, 5);
      const id = rows.find((c) => c.name === name && c.status === 'active')?.id;
      if (id !== undefined) return id;
    }
    return null;
  }

  /**
   * Some outings (couponShare), for a customer holding no unused coupon: redeem a demo code, or, for
   * every third customer, get the money voucher sent (by customer, not by chance, so a few customers
   * always show both sources).
   */
  async function getCoupon(token: string, mobile: string, n: number): Promise<void> {
    const mine = await call(
      'GET',
      '/user/api/app/v1/coupon/mine?pageNum=1&pageSize=20&status=unused',
      undefined,
      token,
    );
    if (mine.code !== 0 || (mine.data.list as unknown[]).length > 0) return;
    if (n % 3 === 0) {
      const money = await demoCoupon(DEMO_COUPONS.money);
      if (money)
        await server.services.coupon.issues.issue({
          couponId: money,
          mobiles: [`${SIMULATED_AREA_CODE}-${mobile}`],
          perUser: 1,
          dailyLimit: 1,
        });
      return;
    }
    const duration = await demoCoupon(DEMO_COUPONS.duration);
    if (!duration) return;
    const [batch] = await server.services.coupon.codes.batches.rows({ couponId: duration }, 0, 1);
    if (!batch) return;
    const codes = await server.services.coupon.codes.rows({ batchId: batch.id, status: 'unused' }, 0, 20);
    const code = codes[Math.floor(Math.random() * codes.length)];
    if (code) await call('POST', '/user/api/app/v1/coupon/redeem', { code: code.code }, token);
  }

  async function life(n: number): Promise<void> {
    const mobile = `1380000${String(n).padStart(4, '0')}`;
    await wait(between(2, 12));
    let token: string | null = null;
    while (!stopped) {
      try {
        token ??= await signIn(mobile);
        if (!token) {
          await wait(65);
          continue;
        }
        if (Math.random() < 0.2 && (await buyCable(token))) {
          // Charging with the cable for a while before the next outing.
          await wait(between(holdMin, holdMax));
          continue;
        }
        if (Math.random() < couponShare) await getCoupon(token, mobile, n);
        const sn = await pick(token);
        if (!sn) {
          await wait(between(restMin, restMax));
          continue;
        }
        // Now and then a customer without a pass buys one of those on sale here (the voucher orders screen fills too).
        if (Math.random() < 0.25) await buyVoucher(token, sn);
        const rent = await call(
          'POST',
          '/order/api/app/v1/order/rent',
          { sn, payMode: 'deposit', idempotencyKey: crypto.randomUUID() },
          token,
        );
        if (rent.code === 100020 || rent.code === 100021) token = null;
        if (rent.code !== 0) {
          await wait(between(restMin, restMax));
          continue;
        }
        const orderNo = rent.data.orderNo as string;
        let status = rent.data.status as string;
        for (let i = 0; i < 30 && status === 'ejecting' && !stopped; i++) {
          await wait(1);
          status =
            (await call('GET', `/order/api/app/v1/order/detail?orderNo=${orderNo}`, undefined, token ?? undefined)).data
              ?.status ?? status;
        }
        if (status === 'using') {
          await wait(between(holdMin, holdMax));
          // Given back to another cabinet: its return event ends the order.
          const others = registered()
            .filter((c) => c.sn !== sn)
            .sort(() => Math.random() - 0.5);
          for (const to of others.slice(0, 5)) {
            if (
              stopped ||
              to.returnPowerBank(rent.data.powerBankId as string, 20 + Math.floor(Math.random() * 60)) !== null
            )
              break;
          }
        }
      } catch (err) {
        log.debug({ err }, 'a simulated customer stumbled');
      }
      await wait(between(restMin, restMax));
    }
  }

  for (let i = 1; i <= opts.customers; i++) void life(i);
  log.info(
    `${opts.customers} simulated customers rent and return power banks in the demo outlets (area code +${SIMULATED_AREA_CODE}).`,
  );
  return {
    stop() {
      stopped = true;
      for (const t of timers) clearTimeout(t);
      timers.clear();
    },
  };
}
