import { describe, expect, it } from 'vitest';
import { AppError } from '../../platform/http/app-error.js';
import { sql } from 'drizzle-orm';
import { query } from '../../platform/db/database.js';
import { inRequestTransaction } from '../../platform/db/request-tx.js';
import { auth, engines, useServer } from '../../test/helper.js';
import { caller, networkFixture } from '../../test/outlet/outlet-fixtures.js';

/** The ledger on each engine: balanced movements only, once per key, inside the caller's transaction. */
describe.each(engines)('ledger (%s)', (engine) => {
  const s = useServer(engine);
  const ledger = () => s.current.server.services.ledger.ledger;
  const refusal = async (p: Promise<unknown>) => {
    try {
      await p;
    } catch (e) {
      if (e instanceof AppError) return e.errorName;
      throw e;
    }
    return null;
  };
  const deposit = (key: string, amount: number, user = 1) => ({
    idempotencyKey: key,
    kind: 'rent' as const,
    orderNo: `T${key}`,
    entries: [
      { account: { kind: 'providerClearing' as const }, debit: amount },
      { account: { kind: 'userDeposit' as const, partyId: user }, credit: amount },
    ],
  });

  it('refuses a movement whose debits and credits differ, a negative amount, or both sides on one entry', async () => {
    expect(
      await refusal(
        ledger().post({
          idempotencyKey: 'u1',
          kind: 'rent',
          entries: [
            { account: { kind: 'providerClearing' }, debit: 100 },
            { account: { kind: 'userDeposit', partyId: 1 }, credit: 99 },
          ],
        }),
      ),
    ).toBe('LEDGER_UNBALANCED');
    expect(
      await refusal(
        ledger().post({
          idempotencyKey: 'u2',
          kind: 'rent',
          entries: [
            { account: { kind: 'providerClearing' }, debit: -5 },
            { account: { kind: 'userDeposit', partyId: 1 }, credit: -5 },
          ],
        }),
      ),
    ).toBe('LEDGER_UNBALANCED');
    expect(
      await refusal(
        ledger().post({
          idempotencyKey: 'u3',
          kind: 'rent',
          entries: [{ account: { kind: 'providerClearing' }, debit: 5, credit: 5 }],
        }),
      ),
    ).toBe('LEDGER_UNBALANCED');
    expect(
      await refusal(
        ledger().post({
          idempotencyKey: 'u4',
          kind: 'rent',
          entries: [
            { account: { kind: 'providerClearing' }, debit: 1.5 },
            { account: { kind: 'userDeposit', partyId: 1 }, credit: 1.5 },
          ],
        }),
      ),
    ).toBe('LEDGER_UNBALANCED');
    expect(await ledger().posted('u1')).toBe(false);
  });

  it('moves money once per key, also when 20 posts of one key race; refuses a key reused for other entries', async () => {
    const results = await Promise.all(Array.from({ length: 20 }, () => ledger().post(deposit('race-1', 9900, 7))));
    expect(results.filter(Boolean)).toHaveLength(1);
    expect(await ledger().balance({ kind: 'userDeposit', partyId: 7 })).toBe(-9900);
    expect(await ledger().post(deposit('race-1', 9900, 7))).toBe(false);
    expect(await refusal(ledger().post(deposit('race-1', 100, 7)))).toBe('LEDGER_KEY_REUSED');
  });

  it("posts inside the caller's transaction: a rollback takes the entries with it", async () => {
    const db = s.current.database.db;
    await expect(
      inRequestTransaction(db, async () => {
        await ledger().post(deposit('rolled-back', 500, 8));
        throw new Error('the state change failed');
      }),
    ).rejects.toThrow('the state change failed');
    expect(await ledger().posted('rolled-back')).toBe(false);
    expect(await ledger().balance({ kind: 'userDeposit', partyId: 8 })).toBe(0);
    await inRequestTransaction(db, () => ledger().post(deposit('committed', 500, 8)));
    expect(await ledger().balance({ kind: 'userDeposit', partyId: 8 })).toBe(-500);
  });

  it('posts several movements by one statement: each once per key, none of them when one is refused, the rollups with them', async () => {
    const db = s.current.database.db;
    const entrySums = async (user: number) => {
      const [r] = await query<{ d: string | null; c: string | null; hd: string | null; hc: string | null }>(
        db,
        sql`select
              (select sum(e.debit) from led_entry e join led_transaction t on t.id = e.transaction_id where t.key like ${`many-${user}-%`}) as d,
              (select sum(e.credit) from led_entry e join led_transaction t on t.id = e.transaction_id where t.key like ${`many-${user}-%`}) as c,
              (select sum(debit) from stat_ledger_hour where kind = 'release') as hd,
              (select sum(credit) from stat_ledger_hour where kind = 'release') as hc`,
      );
      return r!;
    };
    const release = (key: string, amount: number, user: number) => ({
      ...deposit(key, amount, user),
      kind: 'release' as const,
      entries: [
        { account: { kind: 'userDeposit' as const, partyId: user }, debit: amount },
        { account: { kind: 'providerClearing' as const }, credit: amount },
      ],
    });
    const before = await entrySums(41);
    expect(await ledger().postAll([deposit('many-41-a', 700, 41), release('many-41-b', 300, 41)])).toEqual([
      true,
      true,
    ]);
    // One of them posted before: only the other moves money. A key reused for other entries is refused, and the
    // caller's transaction with it (the other movement of the call is not kept).
    expect(await ledger().postAll([deposit('many-41-a', 700, 41), release('many-41-c', 200, 41)])).toEqual([
      false,
      true,
    ]);
    expect(
      await refusal(
        inRequestTransaction(db, () => ledger().postAll([release('many-41-d', 50, 41), deposit('many-41-a', 1, 41)])),
      ),
    ).toBe('LEDGER_KEY_REUSED');
    expect(await ledger().posted('many-41-d')).toBe(false);
    expect(await ledger().balance({ kind: 'userDeposit', partyId: 41 })).toBe(-700 + 300 + 200);
    // An unbalanced one refuses the whole call before anything is written.
    expect(
      await refusal(
        ledger().postAll([
          release('many-41-e', 10, 41),
          { ...deposit('many-41-f', 10, 41), entries: [{ account: { kind: 'providerClearing' }, debit: 10 }] },
        ]),
      ),
    ).toBe('LEDGER_UNBALANCED');
    expect(await ledger().posted('many-41-e')).toBe(false);
    const after = await entrySums(41);
    // The statement triggers saw every entry the one statement wrote (the hour rollup of releases grew by them).
    expect(Number(after.d)).toBe(700 + 300 + 200);
    expect(Number(after.hd ?? 0) - Number(before.hd ?? 0)).toBe(300 + 200);
    expect(Number(after.hc ?? 0) - Number(before.hc ?? 0)).toBe(300 + 200);
  });

  it('never writes a movement without its entries: an entry the database refuses leaves no key behind', async () => {
    // An account code longer than the column holds: the entries' insert fails, and the movement's row with it.
    const bad = {
      ...deposit('half-1', 400, 42),
      entries: [
        { account: { kind: 'providerClearing' as const }, debit: 400 },
        { account: { kind: 'userDeposit' as const, partyId: 10 ** 50 }, credit: 400 },
      ],
    };
    await expect(ledger().post(bad)).rejects.toThrow();
    expect(await ledger().posted('half-1')).toBe(false);
    // The key is free: the movement posts once it is right.
    expect(await ledger().post(deposit('half-1', 400, 42))).toBe(true);
    expect(await ledger().balance({ kind: 'userDeposit', partyId: 42 })).toBe(-400);
  });

  it('answers the trial balance and the fund flows', async () => {
    // Its own movement, for a customer no other test uses: this test runs alone as well as after the others.
    await ledger().post(deposit('flows-1', 9900, 77));
    const token = await s.current.login();
    const tb = (
      await s.current.inject({ method: 'GET', url: '/order/api/v1/ledger/trialBalance', headers: auth(token) })
    ).json();
    expect(tb.code).toBe(0);
    expect(tb.data.totalDebit).toBe(tb.data.totalCredit);
    expect(tb.data.accounts.find((a: { code: string }) => a.code === 'userDeposit:77')).toMatchObject({
      name: 'User deposits held #77',
      debit: 0,
      credit: 9900,
    });
    const flow = (
      await s.current.inject({
        method: 'POST',
        url: '/order/api/v1/fundFlow/user/queryPage',
        headers: auth(token, 'zh_CN'),
        payload: { pageNum: 1, pageSize: 10, userId: 77 },
      })
    ).json();
    expect(flow.code).toBe(0);
    expect(flow.data.total).toBe(1);
    expect(flow.data.list[0]).toMatchObject({
      accountCode: 'userDeposit:77',
      accountName: '用户押金 #77',
      credit: 9900,
      kind: 'rent',
    });
    const platform = (
      await s.current.inject({
        method: 'POST',
        url: '/order/api/v1/fundFlow/platform/queryPage',
        headers: auth(token),
        payload: { pageNum: 1, pageSize: 10, orderNo: 'Tflows-1' },
      })
    ).json();
    expect(platform.data.list).toHaveLength(1);
    const tooLong = (
      await s.current.inject({
        method: 'POST',
        url: '/order/api/v1/fundFlow/platform/queryPage',
        headers: auth(token),
        payload: { beginTime: '2020-01-01T00:00:00Z', endTime: '2020-03-01T00:00:00Z' },
      })
    ).json();
    expect(tooLong.code).toBe(100060);
  });

  it("names a chain's account by its party (the agent's name), in the fund flow, the trial balance and the export's rows", async () => {
    const token = await s.current.login();
    const c = caller(s, () => token);
    const net = await networkFixture(s, c);
    const agent = await c.get('/user/api/v1/agent/detail', { id: net.agentA });
    const name = agent.data.name as string;
    await ledger().post({
      idempotencyKey: 'named-share',
      kind: 'share',
      orderNo: 'Tnamed',
      entries: [
        { account: { kind: 'revenue' }, debit: 120 },
        { account: { kind: 'agentPayable', partyId: net.agentA }, credit: 120 },
      ],
    });
    const flow = await c.post(
      '/order/api/v1/fundFlow/account/queryPage',
      { pageNum: 1, pageSize: 10, orderNo: 'Tnamed' },
      'en_US',
    );
    expect(flow.data.list[0]).toMatchObject({
      accountCode: `agentPayable:${net.agentA}`,
      accountName: `Agent payable · ${name}`,
      partyName: name,
    });
    const tb = await c.get('/order/api/v1/ledger/trialBalance', {}, 'zh_CN');
    expect(tb.data.accounts.find((a: { code: string }) => a.code === `agentPayable:${net.agentA}`).name).toContain(
      name,
    );
    // A party that no longer exists keeps its number.
    await ledger().post({
      idempotencyKey: 'gone-share',
      kind: 'share',
      orderNo: 'Tgone',
      entries: [
        { account: { kind: 'revenue' }, debit: 5 },
        { account: { kind: 'agentPayable', partyId: 999999 }, credit: 5 },
      ],
    });
    const gone = await c.post(
      '/order/api/v1/fundFlow/account/queryPage',
      { pageNum: 1, pageSize: 10, orderNo: 'Tgone' },
      'en_US',
    );
    expect(gone.data.list[0]).toMatchObject({ accountName: 'Agent payable #999999', partyName: null });
  });

  it("words each movement's memo in the reader's language: a memo code, an older English memo, and staff text as typed", async () => {
    const token = await s.current.login();
    await ledger().post({ ...deposit('memo-code', 100, 31), memo: 'depositTaken' });
    await ledger().post({ ...deposit('memo-legacy', 200, 31), memo: 'deposit back to the customer' });
    await ledger().post({ ...deposit('memo-text', 300, 31), memo: '客户投诉 slow eject' });
    const memos = async (lang: string) => {
      const r = (
        await s.current.inject({
          method: 'POST',
          url: '/order/api/v1/fundFlow/user/queryPage',
          headers: auth(token, lang),
          payload: { pageNum: 1, pageSize: 10, userId: 31 },
        })
      ).json();
      return Object.fromEntries(
        r.data.list.map((x: { transactionKey: string; memo: string }) => [x.transactionKey, x.memo]),
      );
    };
    expect(await memos('zh_TW')).toEqual({
      'memo-code': '收取押金',
      'memo-legacy': '押金退還使用者',
      'memo-text': '客户投诉 slow eject',
    });
    expect(await memos('en_US')).toEqual({
      'memo-code': 'Deposit taken',
      'memo-legacy': 'Deposit back to the customer',
      'memo-text': '客户投诉 slow eject',
    });
    expect((await memos('zh_CN'))['memo-code']).toBe('收取押金');
    // Stored as the code: the words live in the contract, once.
    expect((await ledger().flow('user', null).rows({ userId: 31 }, 0, 10)).map((x) => x.memo).sort()).toEqual(
      ['depositTaken', 'deposit back to the customer', '客户投诉 slow eject'].sort(),
    );
  });
});
