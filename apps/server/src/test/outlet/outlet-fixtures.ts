import crypto from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { OutletSaveInput } from '@cbo/contract';
import { sysAccount } from '../../modules/identity/tables.js';
import { auth, type TestServer } from '../helper.js';

export type Answer = { code: number; msg: string; data: any };

/** Calls with the token of the test's account, in a language. */
export function caller(s: { current: TestServer }, token: () => string) {
  const send = async (
    method: 'GET' | 'POST' | 'PUT' | 'DELETE',
    url: string,
    payload?: unknown,
    lang = 'en_US',
  ): Promise<Answer & { status: number }> => {
    const r = await s.current.inject({
      method,
      url,
      payload: payload as object | undefined,
      headers: auth(token(), lang),
    });
    return { ...(r.json() as Answer), status: r.statusCode };
  };
  return {
    send,
    get: (url: string, query: Record<string, string | number | boolean | undefined> = {}, lang = 'en_US') => {
      const qs = new URLSearchParams(
        Object.entries(query)
          .filter(([, v]) => v !== undefined)
          .map(([k, v]) => [k, String(v)]),
      ).toString();
      return send('GET', qs ? `${url}?${qs}` : url, undefined, lang);
    },
    post: (url: string, body: unknown, lang = 'en_US') => send('POST', url, body, lang),
    put: (url: string, body: unknown, lang = 'en_US') => send('PUT', url, body, lang),
    del: (url: string, body: unknown, lang = 'en_US') => send('DELETE', url, body, lang),
  };
}

export type Caller = ReturnType<typeof caller>;

const uniq = () => crypto.randomBytes(3).toString('hex');
const mobile = () => `139${String(crypto.randomInt(0, 1e8)).padStart(8, '0')}`;

async function ok(p: Promise<Answer>, what: string): Promise<any> {
  const a = await p;
  if (a.code !== 0) throw new Error(`${what}: ${a.code} ${a.msg}`);
  return a.data;
}

/** A region, an A-B chain (A holds 60, B 40), a team and a provider and pusher, made through the network's calls. */
export async function networkFixture(s: { current: TestServer }, c: Caller) {
  const u = uniq();
  const region = (await ok(c.post('/user/api/v1/region/saveOrUpdate', { name: `R${u}` }), 'region')).id as number;
  const agentA = (
    await ok(
      c.post('/user/api/v1/agent/saveOrUpdate', {
        name: `A${u}`,
        areaCode: '86',
        mobile: mobile(),
        password: 'pass1234',
        level: 'A',
        ratio: 60,
        regionId: region,
        minWithdrawal: 0,
        withdrawalFeeRate: 0,
      }),
      'agent A',
    )
  ).id as number;
  const agentB = (
    await ok(
      c.post('/user/api/v1/agent/saveOrUpdate', {
        name: `B${u}`,
        areaCode: '86',
        mobile: mobile(),
        password: 'pass1234',
        level: 'B',
        parentId: agentA,
        ratio: 40,
        regionId: region,
        minWithdrawal: 0,
        withdrawalFeeRate: 0,
      }),
      'agent B',
    )
  ).id as number;
  const [admin] = await s.current.database.db
    .select({ id: sysAccount.id })
    .from(sysAccount)
    .where(eq(sysAccount.userName, 'admin'));
  const team = (
    await ok(
      c.post('/user/api/v1/team/saveOrUpdate', {
        name: `T${u}`,
        regionId: region,
        leaderId: admin!.id,
        memberIds: [admin!.id],
      }),
      'team',
    )
  ).id as number;
  const provider = (
    await ok(
      c.post('/user/api/v1/serviceProvider/saveOrUpdate', {
        name: `P${u}`,
        contact: 'Li',
        areaCode: '86',
        mobile: mobile(),
        password: 'pass1234',
        ratio: 10,
      }),
      'provider',
    )
  ).id as number;
  const pusher = (
    await ok(
      c.post('/user/api/v1/groundPusher/saveOrUpdate', {
        name: `G${u}`,
        areaCode: '86',
        mobile: mobile(),
        password: 'pass1234',
        agentId: agentB,
        permission: 'advanced',
      }),
      'pusher',
    )
  ).id as number;
  return { region, agentA, agentB, team, provider, pusher, admin: admin!.id };
}

export const BILLING = {
  freeMinutes: 3,
  pricePerPeriod: 150,
  periodMinutes: 30,
  dailyCap: 3000,
  totalCap: 9900,
  deposit: 9900,
};

/** A valid outlet of an agent (override anything). */
export const outletBody = (agentId: number, over: Partial<OutletSaveInput> = {}): OutletSaveInput => ({
  name: `Outlet ${uniq()}`,
  type: 'catering',
  address: '1 Nanjing Road, Shanghai',
  lat: 31.2355,
  lng: 121.4785,
  agentId,
  ratio: 30,
  hiddenRatio: 35,
  costAmount: 12000,
  billing: BILLING,
  ...over,
});

/** Stocks in cabinets (fleet's batch storage) and answers their SNs. */
export async function stockIn(c: Caller, n: number): Promise<string[]> {
  const prefix = Array.from(crypto.randomBytes(4), (b) => String.fromCharCode(65 + (b % 26))).join('');
  const base = crypto.randomInt(1, 1e9);
  const sns = Array.from({ length: n }, (_, i) => `${prefix}${String(base + i).padStart(12, '0')}`);
  await ok(c.post('/device/api/v1/cabinet/batchStorage', { sns }), 'stock in');
  return sns;
}

export { ok };
