import crypto from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { AgentSaveInput, BillingRule, Lang, OutletSaveInput, OutletType } from '@cbo/contract';
import {
  type ExtensionCode,
  agentSaveRequest,
  outletSaveRequest,
  providerSaveRequest,
  pusherSaveRequest,
  regionSaveRequest,
  teamSaveRequest,
  voucherAddRequest,
} from '@cbo/contract';
import type { Db } from './platform/db/database.js';
import { AppError } from './platform/http/app-error.js';
import { inRequestTransaction } from './platform/db/request-tx.js';
import type { Server } from './app.js';
import { SIMULATOR_PREFIX } from './simulated-fleet.js';
import { serialNumber } from '@cbo/simulator';
import { DEMO_WORDS, type DemoOutletPlace } from './demo-words.js';
import { demoCables, demoCoupons } from './demo-network-extras.js';

export { DEMO_CABLES, DEMO_COUPONS } from './demo-network-extras.js';
export { clearDemoNetwork, DemoHoldsRealRecords, realRecordsInDemo } from './demo-network-removal.js';

/**
 * The demo network `npm start` makes beside the simulated cabinets, so a new install shows a
 * business and not only machines: a region, an A-B-C agent chain, a team (the operator of the two
 * direct outlets, with a share), a service provider, a
 * pusher, ten outlets around central Shanghai with real positions and billing rules, and the
 * simulated cabinets bound to them (two each, as many as there are). Every record is marked
 * simulated (a tag in the console) and `npm run demo:clear` removes them all.
 *
 * Its words are in the language DEMO_LANGUAGE names (demo-words.ts), written as data: a later
 * change of the setting renames nothing already made.
 *
 * It is made once, in one transaction with its mark: a restart, a second process starting at the
 * same moment, or a failure halfway leave either the whole network or nothing.
 */

type Services = Server['services'];

/** Positions are WGS-84 (GPS), as the map stores them; names and addresses are the place's DEMO_WORDS. */
const OUTLETS: {
  place: DemoOutletPlace;
  type: OutletType;
  lat: number;
  lng: number;
  owner: 'A' | 'B' | 'C' | 'team';
  ratio: number;
  billing: BillingRule;
}[] = [
  {
    place: 'bund',
    type: 'catering',
    lat: 31.2403,
    lng: 121.4905,
    owner: 'A',
    ratio: 40,
    billing: rule(3, 200, 60, 2000, 9900, 9900),
  },
  {
    place: 'nanjingRoad',
    type: 'retail',
    lat: 31.2356,
    lng: 121.4768,
    owner: 'A',
    ratio: 35,
    billing: rule(5, 150, 30, 3000, 9900, 9900),
  },
  {
    place: 'peoplesSquare',
    type: 'transport',
    lat: 31.2325,
    lng: 121.4751,
    owner: 'B',
    ratio: 30,
    billing: rule(3, 150, 30, 3000, 9900, 9900),
  },
  {
    place: 'xintiandi',
    type: 'entertainment',
    lat: 31.2196,
    lng: 121.4743,
    owner: 'B',
    ratio: 35,
    billing: rule(0, 300, 60, 3000, 9900, 9900),
  },
  {
    place: 'jingan',
    type: 'hotel',
    lat: 31.2237,
    lng: 121.4459,
    owner: 'B',
    ratio: 25,
    billing: rule(10, 200, 60, 2400, 9900, 9900),
  },
  {
    place: 'tianzifang',
    type: 'catering',
    lat: 31.2087,
    lng: 121.4694,
    owner: 'C',
    ratio: 20,
    billing: rule(3, 100, 30, 2000, 9900, 9900),
  },
  {
    place: 'xujiahui',
    type: 'leisure',
    lat: 31.1956,
    lng: 121.4372,
    owner: 'C',
    ratio: 20,
    billing: rule(5, 100, 60, 1500, 6900, 6900),
  },
  {
    place: 'wujiaochang',
    type: 'entertainment',
    lat: 31.299,
    lng: 121.5146,
    owner: 'C',
    ratio: 15,
    billing: rule(0, 200, 60, 2000, 9900, 9900),
  },
  {
    place: 'lujiazui',
    type: 'retail',
    lat: 31.2364,
    lng: 121.503,
    owner: 'team',
    ratio: 60,
    billing: rule(3, 200, 60, 2000, 9900, 9900),
  },
  {
    place: 'hongqiao',
    type: 'transport',
    lat: 31.1942,
    lng: 121.3204,
    owner: 'team',
    ratio: 55,
    billing: rule(3, 200, 30, 4000, 9900, 9900),
  },
];

function rule(
  freeMinutes: number,
  pricePerPeriod: number,
  periodMinutes: number,
  dailyCap: number,
  totalCap: number,
  deposit: number,
): BillingRule {
  return { freeMinutes, pricePerPeriod, periodMinutes, dailyCap, totalCap, deposit };
}

/** The demo's vouchers: a 3-rental pass and a 10-rental pass, an hour free each time (named by DEMO_WORDS' vouchers). */
const DEMO_VOUCHERS = [
  { price: 990, freeMinutes: 60, uses: 3, validDays: 30, stock: 10_000, scopeType: 'platform', status: 'onSale' },
  { price: 2990, freeMinutes: 60, uses: 10, validDays: 90, stock: 10_000, scopeType: 'platform', status: 'onSale' },
] as const;

/** The demo operator's (the direct-sales team's) share of its outlets' orders, in percent. */
export const DEMO_TEAM_RATIO = 10;

/** Demo accounts never sign in: each gets a random password nobody knows. */
const password = () => crypto.randomBytes(9).toString('base64url').slice(0, 12);

/** Makes the demo network once (nothing when SIMULATOR=0). Answers whether it was made now. */
/** The demo's members: each terminal of the user apps and each level once or twice (nicknames: DEMO_WORDS' members). */
const DEMO_MEMBERS = [
  { mobile: '19900000041', terminal: 'USER_WECHAT', level: 'A' },
  { mobile: '19900000042', terminal: 'USER_ALIPAY', level: 'B' },
  { mobile: '19900000043', terminal: 'USER_IOS', level: 'C' },
  { mobile: '19900000044', terminal: 'USER_ANDROID', level: 'C' },
] as const;

/**
 * The extended functions the demo activates: the simulated customers buy cable packages and redeem
 * coupons; the demo's screens of order separation and Bluetooth chargers are there to be tried
 * with the simulated cabinets and partners. Deposit-free (a credit company's contract), membership
 * and advertising (the operator's own levels and pictures) stay as a new install has them: closed.
 */
export const DEMO_EXTENSIONS = [
  'coupons',
  'cablePackages',
  'orderSeparation',
  'bluetoothChargers',
] as const satisfies readonly ExtensionCode[];

export async function makeDemoNetwork(
  db: Db,
  services: Services,
  opts: {
    simulatedCabinets: number;
    leaderUserName: string;
    /** DEMO_LANGUAGE: the language of its names. */ language: Lang;
  },
  log: FastifyBaseLogger,
): Promise<boolean> {
  const simulatedCabinets = opts.simulatedCabinets;
  if (simulatedCabinets <= 0) return false;
  const words = DEMO_WORDS[opts.language];
  const { network, outlet, identity } = services;
  try {
    const made = await inRequestTransaction(db, async () => {
      if (!(await outlet.outlets.claimDemo())) return false;
      const sim = { simulated: true };
      const region = await network.regions.save(
        regionSaveRequest.parse({ name: words.region, remark: words.remark }),
        sim,
      );
      const agent = async (
        a: Omit<AgentSaveInput, 'areaCode' | 'password' | 'minWithdrawal' | 'withdrawalFeeRate' | 'regionId'>,
      ) =>
        (
          await network.agents.save(
            agentSaveRequest.parse({
              ...a,
              areaCode: '86',
              password: password(),
              minWithdrawal: 10000,
              withdrawalFeeRate: 1,
              regionId: region.id,
            }),
            sim,
          )
        ).id;
      const a = await agent({ name: words.agents.A, mobile: '19900000001', level: 'A', ratio: 70 });
      const b = await agent({ name: words.agents.B, mobile: '19900000002', level: 'B', parentId: a, ratio: 50 });
      const c = await agent({ name: words.agents.C, mobile: '19900000003', level: 'C', parentId: b, ratio: 30 });
      // The direct-sales team is led by the first administrator (a team's leader is a staff account).
      // As the operator it earns 10 % of its two direct outlets' orders (out of the platform's part)
      // and has a partner-app account, so it applies for withdrawals with the other demo partners.
      const found = await identity.staff.search(opts.leaderUserName, 0, 50);
      const leader =
        found.list.find((l) => l.name === opts.leaderUserName) ??
        found.list[0] ??
        (await identity.staff.search(undefined, 0, 1)).list[0];
      const team = await network.regions.saveTeam(
        teamSaveRequest.parse({
          name: words.team,
          regionId: region.id,
          leaderId: leader!.id,
          memberIds: [],
          ratio: DEMO_TEAM_RATIO,
          appAreaCode: '86',
          appMobile: '19900000051',
          appPassword: password(),
        }),
        sim,
      );
      const provider = await network.providers.save(
        providerSaveRequest.parse({
          name: words.provider.name,
          contact: words.provider.contact,
          areaCode: '86',
          mobile: '19900000011',
          password: password(),
          ratio: 5,
        }),
        sim,
      );
      const pusher = await network.pushers.save(
        pusherSaveRequest.parse({
          name: words.pusher,
          areaCode: '86',
          mobile: '19900000021',
          password: password(),
          agentId: b,
          permission: 'advanced',
        }),
        sim,
      );
      // A few members of the rental apps, as the apps register them, and one cooperation application.
      for (const [i, m] of DEMO_MEMBERS.entries())
        await network.members.create({ ...m, nickname: words.members[i]!, areaCode: '86', simulated: true });
      await network.cooperation.submit(
        { type: 'store', contact: words.cooperationContact, areaCode: '86', phone: '19900000031' },
        sim,
      );
      const owners = { A: a, B: b, C: c };
      const ids: number[] = [];
      for (const [i, o] of OUTLETS.entries()) {
        const body: OutletSaveInput = {
          name: words.outlets[o.place].name,
          type: o.type,
          address: words.outlets[o.place].address,
          lat: o.lat,
          lng: o.lng,
          regionId: region.id,
          agentId: o.owner === 'team' ? null : owners[o.owner],
          teamId: o.owner === 'team' ? team.id : null,
          ratio: o.ratio,
          hiddenRatio: Math.min(100, o.ratio + 5),
          costAmount: 150000,
          // Half the outlets pay their placement cost back to their owner from their shares (the money shows it).
          amortizationRatio: i % 2 === 0 ? 30 : 0,
          serviceProviderId: i % 3 === 0 ? provider.id : null,
          serviceProviderRatio: i % 3 === 0 ? 5 : 0,
          pusherId: o.owner === 'team' ? null : pusher.id,
          areaCode: '86',
          servicePhone: '4008208820',
          serviceHours: o.type === 'transport' ? '05:30-23:30' : '09:00-22:00',
          managerName: words.outletManager,
          managerPhone: `1990000010${i}`,
          // The first agent outlet and the first direct one get partner-app accounts (a password nobody knows):
          // the demo's partners then include outlets applying for withdrawals (simulated-partners.ts).
          ...(i === 0 || o.owner === 'team' ? { appPassword: crypto.randomBytes(9).toString('base64url') } : {}),
          remark: words.remark,
          billing: o.billing,
        };
        ids.push((await outlet.outlets.save(outletSaveRequest.parse(body), sim)).id);
      }
      // Two passes on sale everywhere, so the simulated customers buy one now and then (a name already taken is left out).
      for (const [i, v] of DEMO_VOUCHERS.entries()) {
        await services.voucher.vouchers
          .add(voucherAddRequest.parse({ ...v, name: words.vouchers[i] }), sim)
          .catch((e: unknown) => {
            if (!(e instanceof AppError)) throw e;
          });
      }
      // The simulated cabinets, two to an outlet while they last.
      const cabinets = Math.min(simulatedCabinets, ids.length * 2);
      for (let n = 1; n <= cabinets; n++) {
        // A cabinet someone already bound elsewhere stays where it is (the bind is refused and rolled back alone).
        await outlet.outlets
          .bind({ outletId: ids[(n - 1) % ids.length]!, sn: serialNumber(SIMULATOR_PREFIX, n), reason: words.remark })
          .catch((e: unknown) => {
            if (!(e instanceof AppError)) throw e;
          });
      }
      await demoCables(services, ids, words);
      await demoCoupons(services, words);
      // The extended functions the demo business runs are activated, so a new install shows them living
      // (docs/decisions/system-configuration.md).
      await services.system.extensions.activate(DEMO_EXTENSIONS);
      return true;
    });
    if (made)
      log.info(
        'Demo network made (region, agents A-B-C, team, service provider, pusher, members, 10 outlets in Shanghai, simulated cabinets and two charging cables bound); npm run demo:clear removes it.',
      );
    return made;
  } catch (err) {
    // The demo is a convenience: a clash with real data (a mobile already used) leaves it out, never the server.
    log.warn({ err }, 'The demo network could not be made; nothing of it was kept');
    return false;
  }
}
