import crypto from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { SPECIAL_MENU_NAMES, type MenuEntry } from '@cbo/contract';
import { accountWithMenus } from '../../test/accounts.js';
import { engines, useServer } from '../../test/helper.js';
import { caller, networkFixture, ok, outletBody } from '../../test/outlet/outlet-fixtures.js';

/**
 * The direct-management entry (spec 2: an entry with special handling; docs/decisions/network-and-outlets.md, "The
 * direct-management menu entry"), on each engine, through the calls: it is in the session menus of the
 * super administrator and of whoever leads or belongs to a direct-sales team, whatever their roles
 * hold, and of nobody else, not even a role given it by hand; the route answers the same; its call
 * answers the caller's own teams (every team for the super administrator) with their outlets.
 */
describe.each(engines)('direct-management entry (%s)', (engine) => {
  const s = useServer(engine);
  let token = '';
  const c = caller(s, () => token);
  const db = () => s.current.database.db;
  let net: Awaited<ReturnType<typeof networkFixture>>;
  const uniq = () => crypto.randomBytes(3).toString('hex');

  /** A staff account holding these menus (by seed code), signed in: its own caller. */
  async function staff(menus: string[]) {
    const userName = `dm${uniq()}`;
    const id = await accountWithMenus(db(), userName, 'pass1234', menus);
    const tok = await s.current.login(userName, 'pass1234');
    return { id, c: caller(s, () => tok) };
  }
  const flat = (tree: MenuEntry[]): MenuEntry[] => tree.flatMap((m) => [m, ...flat(m.children)]);
  const entry = async (who: ReturnType<typeof caller>) =>
    flat(await ok(who.get('/user/api/v1/sys/menu/listByUser'), 'menus')).find(
      (m) => m.name === SPECIAL_MENU_NAMES.directManagement,
    );
  const route = async (who: ReturnType<typeof caller>) =>
    ok(who.get('/user/api/v1/sys/menu/pathStatus', { path: '/direct' }), 'path');

  beforeAll(async () => {
    token = await s.current.login();
    net = await networkFixture(s, c);
  });

  it('members and leaders of a direct-sales team hold the entry whatever their roles; others do not, even with it given by hand', async () => {
    const leader = await staff([]);
    const member = await staff(['member.list']);
    const outsider = await staff(['operation', 'operation.team', 'operation.directOutlet']);
    // A role given the entry by hand does not make an account one who runs direct sales.
    const granted = await staff(['direct']);
    for (const who of [leader, member, outsider, granted]) expect(await entry(who.c)).toBeUndefined();

    const name = `Direct ${uniq()}`;
    const team = (
      await ok(
        c.post('/user/api/v1/team/saveOrUpdate', {
          name,
          regionId: net.region,
          leaderId: leader.id,
          memberIds: [leader.id, member.id],
          ratio: 20,
        }),
        'team',
      )
    ).id as number;
    await ok(
      c.post(
        '/device/api/v1/outlet/saveOrUpdate',
        outletBody(net.agentB, { agentId: null, teamId: team, ratio: 40, hiddenRatio: 40 }),
      ),
      'outlet',
    );

    for (const who of [leader, member]) {
      // No role list restricts it in the console (the super role holds it by seed, but these hold it by their team).
      expect(await entry(who.c)).toMatchObject({
        path: '/direct',
        url: 'network/direct-management',
        type: 1,
        hidden: false,
        roles: null,
      });
      expect(await route(who.c)).toEqual({ exists: true, granted: true });
    }
    for (const who of [outsider, granted]) {
      expect(await entry(who.c)).toBeUndefined();
      expect(await route(who.c)).toEqual({ exists: true, granted: false });
      // The call answers no team of theirs.
      expect(await ok(who.c.get('/user/api/v1/team/direct'), 'direct')).toEqual([]);
    }

    // Each sees the team it runs, with its outlet, and how it stands to it.
    const seen = await ok(member.c.get('/user/api/v1/team/direct'), 'member');
    expect(seen).toEqual([
      expect.objectContaining({
        id: team,
        name,
        regionName: expect.any(String),
        ratio: 20,
        outlets: 1,
        owed: 0,
        role: 'member',
        members: [expect.objectContaining({ id: leader.id }), expect.objectContaining({ id: member.id })],
      }),
    ]);
    expect((await ok(leader.c.get('/user/api/v1/team/direct'), 'leader'))[0]).toMatchObject({
      id: team,
      role: 'leader',
    });

    // Out of the team, out of direct management (the next menus the session is served).
    await ok(
      c.post('/user/api/v1/team/saveOrUpdate', {
        id: team,
        name,
        regionId: net.region,
        leaderId: leader.id,
        memberIds: [leader.id],
        ratio: 20,
      }),
      'team edit',
    );
    expect(await entry(member.c)).toBeUndefined();
    expect(await ok(member.c.get('/user/api/v1/team/direct'), 'member after')).toEqual([]);
    expect(await entry(leader.c)).toBeDefined();
  });

  it('the super administrator holds the entry and sees every team, its own marked as led', async () => {
    expect(await entry(c)).toMatchObject({ path: '/direct', roles: null });
    const teams = (await ok(c.get('/user/api/v1/team/direct'), 'admin')) as { id: number; role: string }[];
    expect(teams.length).toBeGreaterThanOrEqual(2);
    // The fixture's team is led by the administrator; the team made above is not.
    expect(teams.find((t) => t.id === net.team)).toMatchObject({ role: 'leader' });
    expect(teams.some((t) => t.role === 'administrator')).toBe(true);
  });

  it('is no call of an app account, and needs a session', async () => {
    const r = await s.current.inject({ url: '/user/api/v1/team/direct' });
    expect(r.json().code).not.toBe(0);
    expect(r.statusCode).toBeLessThan(500);
  });
});
