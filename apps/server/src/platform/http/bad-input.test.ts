import { beforeAll, describe, expect, it } from 'vitest';
import net from 'node:net';
import { eq, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { api, Errors, fieldName, type CallName } from '@cbo/contract';
import { auth, oneEngine, useServer, type TestServer } from '../../test/helper.js';
import { sysAccount } from '../../modules/identity/tables.js';

/**
 * Generated from the contract: every call, signed in as the super administrator so the input is
 * what decides, gets broken JSON, wrong types, 10,000-character strings, control characters in
 * each text field of its query and body (found by walking its zod schema), and an unknown id
 * where it names one. Each must answer a non-zero code with a message, and never a 5xx.
 */
const calls = Object.keys(api) as CallName[];

type Path = (string | number)[];
type Def = { type: string } & Record<string, unknown>;
const defOf = (s: unknown) => (s as z.ZodType)._zod.def as unknown as Def;
const NONE = Symbol('none');

/** Paths of every string inside a schema (an array's element counts as index 0). */
function textPaths(schema: unknown, path: Path = [], out: Path[] = []): Path[] {
  const d = defOf(schema);
  switch (d.type) {
    case 'string':
      if (!out.some((p) => p.join('.') === path.join('.'))) out.push(path);
      break;
    case 'object':
      for (const [k, v] of Object.entries(d.shape as object)) textPaths(v, [...path, k], out);
      break;
    case 'optional':
    case 'nullable':
    case 'default':
    case 'prefault':
    case 'readonly':
    case 'catch':
    case 'nonoptional':
      textPaths(d.innerType, path, out);
      break;
    case 'array':
      textPaths(d.element, [...path, 0], out);
      break;
    case 'pipe':
      textPaths(defOf(d.in).type === 'transform' ? d.out : d.in, path, out);
      break;
    case 'union':
      for (const o of d.options as unknown[]) textPaths(o, path, out);
      break;
    case 'intersection':
      textPaths(d.left, path, out);
      textPaths(d.right, path, out);
      break;
  }
  return out;
}

/** Strings tried, in order, for a text field of a made-up valid input: the first it accepts. */
const STRINGS = [
  'abc',
  'abc123',
  'AB12',
  '13800000000',
  '86',
  '123456',
  'http://example.com/a.png',
  'system/roles',
  '/abc',
  'ZZZZ000000000001',
  'ZZZZ0000000000001',
  '2024-01-02 03:04:05',
  'a@example.com',
  'example.com',
  '1.0.0',
  'a'.repeat(64),
  'CNY',
];
const NUMBERS = [0, 1, 10, 100, 1000];
/** A second order, for objects whose rules relate their numbers (an amount above zero). */
const NUMBERS_ALT = [1, 0, 10, 100, 1000];

/** A value the schema accepts, made up from its shape (NONE when no try fits). */
function sample(schema: unknown, numbers = NUMBERS): unknown {
  const s = schema as z.ZodType;
  const d = defOf(s);
  const fits = (v: unknown) => s.safeParse(v).success;
  switch (d.type) {
    case 'string':
      return STRINGS.find(fits) ?? NONE;
    case 'number':
      return numbers.find(fits) ?? NONE;
    case 'boolean':
      return false;
    case 'enum':
      return Object.values(d.entries as object)[0];
    case 'literal':
      return (d.values as unknown[])[0];
    case 'null':
      return null;
    case 'optional':
    case 'default':
    case 'prefault':
    case 'readonly':
    case 'catch':
    case 'nonoptional':
      return sample(d.innerType, numbers);
    case 'nullable': {
      const v = sample(d.innerType, numbers);
      return v === NONE ? null : v;
    }
    case 'array': {
      if (fits([])) return [];
      const v = sample(d.element, numbers);
      return v === NONE ? NONE : [v];
    }
    case 'object': {
      // Optional fields are left out when the object holds without them: the smallest input,
      // naming nothing that may not exist.
      const build = (withOptional: boolean) => {
        const out: Record<string, unknown> = {};
        for (const [k, v] of Object.entries(d.shape as object)) {
          const optional = defOf(v).type === 'optional';
          if (optional && !withOptional) continue;
          const x = sample(v, numbers);
          if (x === NONE && !optional) return NONE;
          if (x !== NONE) out[k] = x;
        }
        return out;
      };
      const small = build(false);
      if (small !== NONE && fits(small)) return small;
      const full = build(true);
      if (full !== NONE && fits(full)) return full;
      return numbers === NUMBERS ? sample(schema, NUMBERS_ALT) : small;
    }
    case 'union':
      for (const o of d.options as unknown[]) {
        const v = sample(o, numbers);
        if (v !== NONE && fits(v)) return v;
      }
      return NONE;
    case 'pipe':
      return sample(defOf(d.in).type === 'transform' ? d.out : d.in, numbers);
    default:
      return NONE;
  }
}

/** A union body is each of its options in turn (the parameter groups of one save call). */
function variants(schema: unknown): unknown[] {
  const d = defOf(schema);
  return d.type === 'union' ? (d.options as unknown[]).flatMap(variants) : [schema];
}

function setAt(root: unknown, path: Path, value: unknown): unknown {
  if (!path.length) return value;
  const [head, ...rest] = path;
  const base: Record<string | number, unknown> =
    typeof head === 'number' ? ([] as unknown as Record<number, unknown>) : {};
  const obj = (root && typeof root === 'object' ? structuredClone(root) : base) as Record<string | number, unknown>;
  obj[head!] = setAt(obj[head!], rest, value);
  return obj;
}

const shapeKeys = (schema: unknown): string[] =>
  schema && defOf(schema).type === 'object' ? Object.keys(defOf(schema).shape as object) : [];

/** Keys that name one stored thing; an unknown value must be "not found". */
const ID_KEYS = ['id', 'manageId', 'menuId', 'index'];
/** Ids nothing has, tried in order until the call's schema takes one. */
const UNKNOWN_IDS: unknown[] = [999_999, 9_999, '999999', 'ZZZZ999999999999'];
/** "Not found": the platform's code, or a domain's own (a device not found). */
const NOT_FOUND_CODES = Object.entries(Errors)
  .filter(([n]) => n === 'NOT_FOUND' || n.endsWith('_NOT_FOUND'))
  .map(([, e]) => e.code);
const VALIDATION = Errors.VALIDATION.code;

/** Calls that name one thing by an id in the query (details, deletes) or the body (edits). */
function idCase(name: CallName): { part: 'query' | 'body'; key: string } | null {
  const d = api[name];
  if (d.multipart) return null;
  const q = shapeKeys(d.query);
  // Lists filter by id-like values; an unknown one is an empty page, not an error.
  if (q.includes('pageNum')) return null;
  const qk = q.find((k) => ID_KEYS.includes(k) || k === 'sn');
  if (qk) return { part: 'query', key: qk };
  const bk = shapeKeys(d.body).find((k) => ID_KEYS.includes(k));
  return bk ? { part: 'body', key: bk } : null;
}

/** What a made-up input needs beyond its schema, for rules its service checks first. */
const EXTRA: Partial<Record<CallName, object>> = {
  menuSave: { path: '/abc' }, // a directory needs a route
  // An outlet names an agent or a team (one), a hidden ratio not below its ratio, a billing rule that holds together.
  outletSaveOrUpdate: {
    agentId: 1,
    teamId: null,
    ratio: 0,
    hiddenRatio: 0,
    serviceProviderId: null,
    serviceProviderRatio: 0,
    billing: { freeMinutes: 0, pricePerPeriod: 100, periodMinutes: 60, dailyCap: 1000, totalCap: 9900, deposit: 9900 },
  },
  // A coupon's validity ends after now (spec 5), with the value its type needs.
  couponSave: {
    type: 'money',
    amount: 100,
    scope: 'platform',
    scopeId: null,
    scopeSn: null,
    durationHours: null,
    validFrom: new Date().toISOString(),
    validTo: new Date(Date.now() + 30 * 86_400_000).toISOString(),
    exchangeDeadline: null,
  },
};

/** Gives the admin a mobile, then a checked code's ticket, for calls that need one. */
async function ticketFor(t: TestServer, token: string): Promise<string> {
  const db = t.database.db;
  const mobile = '13900000077';
  await db.update(sysAccount).set({ areaCode: '86', mobile }).where(eq(sysAccount.userName, 'admin'));
  await db.execute(sql`update sys_verify_code set created_at = created_at - interval '2 minutes'`);
  const post = (url: string, payload: object) => t.inject({ method: 'POST', url, headers: auth(token), payload });
  expect((await post(api.configSendCode.path, {})).json().code).toBe(0);
  const checked = (await post(api.configCheckCode.path, { code: t.sms.lastCode(mobile)! })).json();
  expect(checked.code).toBe(0);
  return checked.data.ticket as string;
}

describe.each(oneEngine)('bad input on every call (%s)', (engine) => {
  const s = useServer(engine);
  let token = '';
  let ticket = '';
  /** Calls of the agent app take an app token (a console token is not signed in there). */
  let appToken = '';
  beforeAll(async () => {
    token = await s.current.login();
    ticket = await ticketFor(s.current, token);
    const app = { areaCode: '86', mobile: '13800009999', password: 'secret12' };
    await s.current.server.services.network.agents.save({
      ...app,
      name: 'Bad input',
      level: 'A',
      ratio: 50,
      minWithdrawal: 0,
      withdrawalFeeRate: 0,
    });
    const signedIn = await s.current.inject({
      method: 'POST',
      url: '/user/api/app/v1/auth',
      payload: { ...app, clientType: 'AGENT_IOS' },
    });
    appToken = signedIn.json().data.token;
  });

  type Res = Awaited<ReturnType<TestServer['inject']>>;
  const send = (
    name: CallName,
    p: { body?: unknown; query?: Record<string, unknown>; raw?: string; contentType?: string },
  ) => {
    const def = api[name];
    const qs = new URLSearchParams();
    for (const [k, v] of Object.entries(p.query ?? {})) {
      for (const one of Array.isArray(v) ? v : [v]) qs.append(k, String(one));
    }
    const ct = p.contentType ?? (p.raw !== undefined ? 'application/json' : undefined);
    return s.current.inject({
      method: def.method,
      url: def.path + (p.query ? `?${qs}` : ''),
      headers: {
        ...(def.access === 'app' ? { authorization: appToken } : auth(token)),
        ...(ct ? { 'content-type': ct } : {}),
      },
      payload: p.raw ?? (p.body as object | undefined),
    });
  };
  const refused = (name: CallName, res: Res, what: string): { code: number; msg: string } => {
    expect(res.statusCode, `${name}: ${what}`).toBeLessThan(500);
    const body = res.json();
    expect(body.code, `${name}: ${what}: ${body.msg}`).not.toBe(0);
    expect(typeof body.msg).toBe('string');
    expect(body.msg.length).toBeGreaterThan(0);
    return body;
  };
  /** Fills a made-up valid input with the ticket the calls needing one take. */
  const withTicket = (schema: unknown, v: object) => (shapeKeys(schema).includes('ticket') ? { ...v, ticket } : v);

  it.each(calls.filter((n) => !api[n].multipart))('%s', async (name) => {
    const def = api[name];

    if (def.body) {
      const fields = shapeKeys(def.body);
      refused(name, await send(name, { raw: '{"broken": ' }), 'broken JSON');
      refused(
        name,
        await send(name, { body: Object.fromEntries(fields.map((f) => [f, { nested: true }])) }),
        'wrong types',
      );
      refused(
        name,
        await send(name, { body: Object.fromEntries(fields.map((f) => [f, 'x'.repeat(10_000)])) }),
        'long strings',
      );
      refused(name, await send(name, { body: [1, 2, 3] }), 'an array instead of an object');
      for (const variant of variants(def.body)) {
        const made = sample(variant);
        for (const path of textPaths(variant)) {
          const field = path.join('.');
          for (const bad of ['a\u0000b', 'a\u0007b', '\u001b[31m']) {
            const r = refused(
              name,
              await send(name, { body: setAt(made === NONE ? {} : made, path, bad) }),
              `${JSON.stringify(bad)} in ${field}`,
            );
            expect(r.code, `${name}: ${JSON.stringify(bad)} in ${field}`).toBe(VALIDATION);
          }
          // U+0000 is refused before anything else looks at the body, naming where it was.
          const r = refused(name, await send(name, { body: setAt({}, path, 'a\u0000b') }), `NUL in ${field}`);
          expect(r.msg, `${name}: NUL in ${field}`).toContain(`${fieldName(field, 'en_US')}: `);
        }
      }
      // A loosely typed part (an unknown key) with U+0000 is refused too.
      const extra = refused(name, await send(name, { body: { 'x\u0000y': 'z\u0000' } }), 'NUL in an unknown key');
      expect(extra.code).toBe(VALIDATION);
    }
    if (def.query) {
      const fields = shapeKeys(def.query);
      refused(
        name,
        await send(name, { query: Object.fromEntries(fields.map((f) => [f, 'x'.repeat(10_000)])) }),
        'long query values',
      );
      refused(
        name,
        await send(name, { query: Object.fromEntries(fields.map((f) => [f, ['1', '2']])) }),
        'repeated query values',
      );
      const numeric = fields.filter((f) => ['pageNum', 'pageSize', ...ID_KEYS].includes(f));
      if (numeric.length)
        refused(
          name,
          await send(name, { query: Object.fromEntries(numeric.map((f) => [f, '-1'])) }),
          'negative numbers',
        );
      if (numeric.length)
        refused(name, await send(name, { query: Object.fromEntries(numeric.map((f) => [f, '1.5'])) }), 'fractions');
      // Every query value arrives as text, so each field gets the control characters.
      for (const field of fields) {
        for (const bad of ['a\u0000b', 'a\u0007b']) {
          const r = refused(name, await send(name, { query: { [field]: bad } }), `${JSON.stringify(bad)} in ${field}`);
          expect(r.code, `${name}: ${JSON.stringify(bad)} in ${field}`).toBe(VALIDATION);
          if (bad.includes('\u0000')) expect(r.msg).toContain(`${fieldName(field, 'en_US')}: `);
        }
      }
    }

    const idc = idCase(name);
    if (idc) {
      const schema = def[idc.part]!;
      const made = sample(schema);
      expect(made, `${name}: a valid ${idc.part} can be made up (extend STRINGS or NUMBERS)`).not.toBe(NONE);
      const unknown = UNKNOWN_IDS.map((v) =>
        withTicket(schema, { ...(made as object), ...EXTRA[name], [idc.key]: v }),
      ).find((v) => schema.safeParse(v).success);
      expect(unknown, `${name}: a made-up ${idc.part} with an unknown ${idc.key} is valid`).toBeTruthy();
      // A call with an id in its query and a body (a deposit's refund: ?id and the reason) gets a valid made-up body beside it.
      const body = idc.part === 'query' && def.body ? sample(def.body) : NONE;
      const r = refused(
        name,
        await send(name, { [idc.part]: unknown as Record<string, unknown>, ...(body === NONE ? {} : { body }) }),
        `unknown ${idc.key}`,
      );
      expect(NOT_FOUND_CODES, `${name}: unknown ${idc.key} ${JSON.stringify(unknown)}: ${r.code} ${r.msg}`).toContain(
        r.code,
      );
    }
  });

  // The file part of uploads is the uploads' own concern; a missing or unreadable body must
  // still be an answer with a code.
  it.each(calls.filter((n) => api[n].multipart))('%s without a file', async (name) => {
    refused(name, await send(name, {}), 'no body');
    refused(name, await send(name, { body: { file: 'a\u0000b' } }), 'JSON instead of a form');
    refused(name, await send(name, { raw: 'garbage', contentType: 'text/plain' }), 'garbage');
  });

  it('a fraction of a page is told it must be a whole number', async () => {
    const r = refused('roleQueryPage', await send('roleQueryPage', { query: { pageNum: '1.5' } }), 'pageNum=1.5');
    expect(r).toMatchObject({ code: VALIDATION, msg: 'Invalid input: pageNum: must be a whole number ≥ 1' });
  });

  it("refuses U+0000 without a sign-in too (sign-in, public parameters), in the caller's language", async () => {
    const login = await s.current.inject({
      method: 'POST',
      url: api.login.path,
      headers: { 'accept-language': 'zh_TW' },
      payload: { userName: 'a\u0000b', password: 'x' },
    });
    expect(login.statusCode).toBe(400);
    expect(login.json()).toMatchObject({ code: VALIDATION, msg: '參數錯誤：userName: 不能包含控制字元（如 NUL）' });
    const param = await s.current.inject({
      url: `${api.findValueByKey.path}?paramType=basis&paramKey=brand%00Name`,
      headers: { 'accept-language': 'zh_CN' },
    });
    expect(param.json()).toMatchObject({ code: VALIDATION, msg: '参数错误：paramKey: 不能包含控制字符（如 NUL）' });
  });
});

describe.each(oneEngine)('requests too long to read (%s)', (engine) => {
  const s = useServer(engine);

  it("a URL over 16 KB gets the envelope in the caller's language, not the framework's body", async () => {
    const address = await s.current.server.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = new URL(address);
    const raw = await new Promise<string>((resolve, reject) => {
      const socket = net.connect(Number(port), '127.0.0.1', () => {
        socket.write(
          `GET ${api.roleQueryPage.path}?name=${'x'.repeat(20_000)} HTTP/1.1\r\nHost: localhost\r\nAccept-Language: en_US\r\n\r\n`,
        );
      });
      let text = '';
      socket.on('data', (d: Buffer) => (text += d.toString('utf8')));
      socket.on('end', () => resolve(text));
      socket.on('error', reject);
    });
    const [head, body] = raw.split('\r\n\r\n');
    expect(head).toMatch(/^HTTP\/1\.1 431 /);
    expect(head).toMatch(/content-type: application\/json/i);
    expect(JSON.parse(body!)).toEqual({
      code: Errors.PAYLOAD_TOO_LARGE.code,
      msg: 'The request is too large',
      data: null,
    });
  });
});

describe.each(oneEngine)('the ClientType header (%s)', (engine) => {
  const s = useServer(engine);

  it("is checked against the known terminals; absent, the session's terminal stands", async () => {
    const token = await s.current.login();
    const call = (clienttype?: string, lang = 'en_US') =>
      s.current.inject({
        url: `${api.roleQueryPage.path}?pageNum=1`,
        headers: { authorization: token, 'accept-language': lang, ...(clienttype === undefined ? {} : { clienttype }) },
      });
    expect((await call('MANAGE_PC')).json().code).toBe(0);
    expect((await call()).json().code).toBe(0);
    expect((await call('TOASTER')).json()).toMatchObject({
      code: VALIDATION,
      msg: 'Invalid input: ClientType: is not an allowed value',
    });
    expect((await call('manage_pc', 'zh_CN')).json()).toMatchObject({
      code: VALIDATION,
      msg: '参数错误：ClientType: 取值不正确',
    });
    // Sign-in too, before anything is looked up or logged.
    const login = await s.current.inject({
      method: 'POST',
      url: api.login.path,
      headers: { clienttype: 'x' },
      payload: { userName: 'admin', password: 'admin123' },
    });
    expect(login.json().code).toBe(VALIDATION);
  });
});
