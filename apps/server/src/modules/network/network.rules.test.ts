import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { AgentSaveInput } from '@cbo/contract';
import { agentSaveRequest, outletSaveRequest } from '@cbo/contract';
import { engines, useServer } from '../../test/helper.js';
import { AppError } from '../../platform/http/app-error.js';
import { sysAccount } from '../identity/tables.js';
import { netAgent } from './tables.js';
import { outletBody } from '../../test/outlet/outlet-fixtures.js';

let seq = 0;
const mobile = () => String(15000000000 + ++seq * 7919);
const agent = (over: Partial<AgentSaveInput>) =>
  agentSaveRequest.parse({
    name: `Agent ${seq}`,
    areaCode: '86',
    mobile: mobile(),
    password: 'secret12',
    level: 'A',
    ratio: 60,
    minWithdrawal: 0,
    withdrawalFeeRate: 0,
    ...over,
  });
const codeOf = async (p: Promise<unknown>) => {
  try {
    await p;
    return 'ok';
  } catch (e) {
    if (e instanceof AppError) return e.errorName;
    throw e;
  }
};

describe.each(engines)('network rules (%s)', (engine) => {
  const s = useServer(engine);
  const net = () => s.current.server.services.network;
  const db = () => s.current.database.db;

  it('every chain totals 100: the platform and each level earn the difference down to the last one', async () => {
    for (const [ra, rb, rc] of [
      [100, 100, 100],
      [60, 40, 25],
      [0, 0, 0],
      [35, 35, 1],
    ] as const) {
      const a = await net().agents.save(agent({ ratio: ra }));
      const b = await net().agents.save(agent({ level: 'B', parentId: a.id, ratio: rb }));
      const c = await net().agents.save(agent({ level: 'C', parentId: b.id, ratio: rc }));
      const d = await net().agents.detail(c.id);
      expect(d.chain.map((l) => l.holds)).toEqual([100, ra, rb, rc]);
      expect(d.chain.reduce((t, l) => t + l.earns, 0)).toBe(100);
      expect(d.chain.every((l) => l.earns >= 0)).toBe(true);
      expect((await net().agents.detail(a.id)).childFloor).toBe(rb);
      // The line a rental copies is the detail's chain without the platform, read in one statement.
      for (const id of [a.id, b.id, c.id]) {
        const chain = (await net().agents.detail(id)).chain.slice(1);
        expect(await net().agentLine(id)).toEqual(
          chain.map((l) => ({ id: l.agentId, name: l.name, level: l.level, ratio: l.holds })),
        );
      }
    }
    await expect(net().agentLine(987654321)).rejects.toThrow(AppError);
  });

  it('refuses a lowered ratio under a child agent or an outlet, naming the one with the highest ratio', async () => {
    const a = await net().agents.save(agent({ name: 'Floor A', ratio: 50 }));
    await net().agents.save(agent({ name: 'Floor B1', level: 'B', parentId: a.id, ratio: 20 }));
    await net().agents.save(agent({ name: 'Floor B2', level: 'B', parentId: a.id, ratio: 30 }));
    const err = await net()
      .agents.save({ ...agent({ name: 'Floor A', ratio: 29 }), id: a.id, password: undefined })
      .catch((e: AppError) => e);
    expect(err).toBeInstanceOf(AppError);
    expect((err as AppError).errorName).toBe('RATIO_BELOW_CHILD');
    expect((err as AppError).params).toEqual({ child: 'Floor B2', childRatio: 30 });
    // An outlet under the agent counts as a child too (the outlet module gives the facts: a real outlet).
    const cafe = `Corner Cafe ${seq}`;
    await s.current.server.services.outlet.outlets.save(
      outletSaveRequest.parse(outletBody(a.id, { name: cafe, ratio: 40, hiddenRatio: 45 })),
    );
    const byOutlet = await net()
      .agents.save({ ...agent({ name: 'Floor A', ratio: 35 }), id: a.id, password: undefined })
      .catch((e: AppError) => e);
    expect((byOutlet as AppError).params).toEqual({ child: cafe, childRatio: 40 });
    expect(
      await codeOf(net().agents.save({ ...agent({ name: 'Floor A', ratio: 40 }), id: a.id, password: undefined })),
    ).toBe('ok');
  });

  it('refuses a level change of an agent with children, and a child under a frozen parent', async () => {
    const a = await net().agents.save(agent({ ratio: 50 }));
    const b = await net().agents.save(agent({ level: 'B', parentId: a.id, ratio: 40 }));
    await net().agents.save(agent({ level: 'C', parentId: b.id, ratio: 10 }));
    const a2 = await net().agents.save(agent({ ratio: 50 }));
    expect(
      await codeOf(
        net().agents.save({ ...agent({ level: 'C', parentId: a2.id, ratio: 10 }), id: b.id, password: undefined }),
      ),
    ).toBe('AGENT_PARENT_LEVEL');
    // B moves under another A: allowed, its children's chain still holds.
    expect(
      await codeOf(
        net().agents.save({ ...agent({ level: 'B', parentId: a2.id, ratio: 40 }), id: b.id, password: undefined }),
      ),
    ).toBe('ok');
    await net().agents.setStatus({ id: a2.id, status: 1, reason: 'audit' });
    expect(await codeOf(net().agents.save(agent({ level: 'B', parentId: a2.id, ratio: 10 })))).toBe('PARENT_FROZEN');
  });

  it('keeps every child at or under its parent when 50 ratio changes of a parent and its child arrive together', async () => {
    const a = await net().agents.save(agent({ ratio: 50 }));
    const base = agent({ level: 'B', parentId: a.id, ratio: 30 });
    const b = await net().agents.save(base);
    const aBody = agent({ ratio: 50 });
    const results = await Promise.all(
      Array.from({ length: 50 }, (_, i) =>
        i % 2 === 0
          ? codeOf(net().agents.save({ ...aBody, id: a.id, password: undefined, ratio: 20 + (i % 10) }))
          : codeOf(net().agents.save({ ...base, id: b.id, password: undefined, ratio: 31 + (i % 15) })),
      ),
    );
    expect(results.every((r) => r === 'ok' || r === 'RATIO_BELOW_CHILD' || r === 'RATIO_ABOVE_PARENT')).toBe(true);
    const [pa] = await db().select().from(netAgent).where(eq(netAgent.id, a.id));
    const [pb] = await db().select().from(netAgent).where(eq(netAgent.id, b.id));
    expect(pb!.ratio).toBeLessThanOrEqual(pa!.ratio);
  });

  it('deletes a region only while no team or agent belongs to it, also when both arrive together', async () => {
    const [admin] = await db().select().from(sysAccount).limit(1);
    const r = await net().regions.save({ name: 'North', managerId: admin!.id });
    await net().regions.saveTeam({ name: 'North team', regionId: r.id, leaderId: admin!.id, memberIds: [], ratio: 0 });
    expect(await codeOf(net().regions.delete(r.id))).toBe('REGION_STAFFED');
    const [team] = await net().regions.teamRows({ name: 'North team' }, 0, 1);
    await net().regions.deleteTeam(team!.id);
    const ag = await net().agents.save(agent({ regionId: r.id }));
    expect(await codeOf(net().regions.delete(r.id))).toBe('REGION_STAFFED');
    await net().agents.save({ ...agent({ regionId: null }), id: ag.id, password: undefined });
    expect(await codeOf(net().regions.delete(r.id))).toBe('ok');

    // A delete racing agents saved into the region: either the region goes and they are refused, or it stays.
    const r2 = await net().regions.save({ name: 'South' });
    const raced = await Promise.all([
      ...Array.from({ length: 10 }, () => codeOf(net().agents.save(agent({ regionId: r2.id })))),
      codeOf(net().regions.delete(r2.id)),
    ]);
    const deleted = raced.at(-1) === 'ok';
    const saved = raced.slice(0, -1).filter((x) => x === 'ok').length;
    if (deleted) expect(saved).toBe(0);
    else expect([raced.at(-1), saved > 0]).toEqual(['REGION_STAFFED', true]);
    expect(await codeOf(net().regions.save({ name: 'south' }))).toBe(deleted ? 'ok' : 'NAME_TAKEN');
  });

  it('puts a staff account in one team at most, naming the team it is in, also under 20 saves at once', async () => {
    const [admin] = await db().select().from(sysAccount).limit(1);
    const r = await net().regions.save({ name: 'East' });
    await net().regions.saveTeam({ name: 'East A', regionId: r.id, leaderId: admin!.id, memberIds: [], ratio: 0 });
    const err = await net()
      .regions.saveTeam({ name: 'East B', regionId: r.id, leaderId: admin!.id, memberIds: [], ratio: 0 })
      .catch((e: AppError) => e);
    expect((err as AppError).errorName).toBe('STAFF_IN_TEAM');
    expect((err as AppError).params).toMatchObject({ team: 'East A' });
    expect(
      await codeOf(
        net().regions.saveTeam({ name: 'East C', regionId: r.id, leaderId: 999999, memberIds: [], ratio: 0 }),
      ),
    ).toBe('STAFF_NOT_FOUND');
    const [other] = await db()
      .insert(sysAccount)
      .values({ userName: 'teamer', nickName: 'Teamer', passwordHash: 'x' })
      .returning();
    const raced = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        codeOf(
          net().regions.saveTeam({ name: `Race ${i}`, regionId: r.id, leaderId: other!.id, memberIds: [], ratio: 0 }),
        ),
      ),
    );
    expect(raced.filter((x) => x === 'ok')).toHaveLength(1);
    expect(raced.filter((x) => x !== 'ok').every((x) => x === 'STAFF_IN_TEAM')).toBe(true);
    expect(await codeOf(net().regions.delete(r.id))).toBe('REGION_STAFFED');
  });

  it('freezes a member with its reason and unfreezes it; the picker finds members, agents of a level and operators', async () => {
    const m = await net().members.create({
      areaCode: '+86',
      mobile: '13512345678',
      nickname: 'Rider',
      terminal: 'USER_WECHAT',
    });
    expect(
      await net().members.create({ areaCode: '86', mobile: '13512345678', nickname: 'Again', terminal: 'USER_IOS' }),
    ).toEqual(m);
    await net().members.setStatus({ id: m.id, status: 1, reason: 'chargeback' });
    let [row] = await net().members.rows({ keyword: '13512345678' }, 0, 1);
    expect(row).toMatchObject({ status: 1, freezeReason: 'chargeback', balance: 0, deposit: 0, orderCount: 0 });
    await net().members.setStatus({ id: m.id, status: 0 });
    [row] = await net().members.rows({ keyword: 'Rider' }, 0, 1);
    expect(row).toMatchObject({ status: 0, freezeReason: null });
    expect(await codeOf(net().members.setStatus({ id: 999999, status: 1, reason: 'x' }))).toBe('NOT_FOUND');

    const users = await net().picker.page({ type: 'user', keyword: 'Rid', pageNum: 1, pageSize: 10 });
    expect(users.list.map((u) => u.id)).toEqual([m.id]);
    await net().agents.save(agent({ name: 'Picker A', ratio: 70 }));
    const as = await net().picker.page({ type: 'agent', level: 'A', keyword: 'Picker', pageNum: 1, pageSize: 10 });
    expect(as.list).toEqual([expect.objectContaining({ name: 'Picker A', level: 'A', ratio: 70, status: 0 })]);
    expect(
      (await net().picker.page({ type: 'agent', level: 'B', keyword: 'Picker', pageNum: 1, pageSize: 10 })).total,
    ).toBe(0);
    const ops = await net().picker.page({ type: 'operator', keyword: 'adm', pageNum: 1, pageSize: 10 });
    expect(ops.list[0]).toMatchObject({ name: expect.any(String), level: null });
  });
});
