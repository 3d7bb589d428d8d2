import { and, eq, notInArray, sql, type SQL } from 'drizzle-orm';
import type { IdentityLate } from './needs.js';
import {
  accessLabel,
  api,
  callNames,
  DASHBOARD_PATH,
  DASHBOARD_WIDGETS,
  joinMenuPath,
  MENU_TYPE,
  menuPathMatches,
  SPECIAL_MENU_NAMES,
  type CallName,
  type DashboardConfig,
  type MenuEntry,
  type PathStatus,
} from '@cbo/contract';
import { query, type Db } from '../../platform/db/database.js';
import type { Principal } from '../../platform/http/routes.js';
import { sysAccountRole, sysApi, sysMenu, sysMenuApi, sysRole, sysRoleMenu } from './tables.js';

type MenuRow = typeof sysMenu.$inferSelect;
/** The database or a transaction: checks run inside the transaction that writes. */
export type Reader = Pick<Db, 'select' | 'selectDistinct' | 'execute'>;

/**
 * Menus, roles and interface routes: a role holds menus, menus of type button (and
 * menus) bind interface routes, and a request passes when one of the account's roles holds a
 * menu bound to its route. A super role holds everything.
 */
export class AccessService {
  constructor(
    private readonly db: Db,
    /**
     * Which menus are open now, by the permission code they carry (closed extended functions take
     * their screens and buttons out: system module, EXTENSION_GATES). A late need of identity; asked
     * once per menu request.
     */
    private readonly openMenus: IdentityLate['openMenus'],
    /**
     * Who runs direct sales (the network module: leads or belongs to a direct-sales team). The
     * direct-management entry (spec 2's specially handled menu, SPECIAL_MENU_NAMES.directManagement)
     * is held by exactly these accounts and the super role, whatever their roles hold: it is where
     * one's own direct-sales teams are run, so it follows the teams, not a role. A late need of identity.
     */
    private readonly runsDirectSales: IdentityLate['runsDirectSales'],
  ) {}

  /**
   * Registers the server's real routes in sys_api; routes that disappeared are marked absent. A
   * route is read with its call's name in the reader's language (callNames); the English name is
   * stored for the day the route is gone and only the stored name is left.
   */
  async syncApis(calls: Iterable<CallName>): Promise<void> {
    const defs = [...calls].map((c) => ({ ...api[c], name: callNames[c]?.en_US ?? api[c].summary }));
    // One statement for every route, in the calls' order (new routes take their ids in it, and two
    // processes starting at once lock the rows in the same order); a route named twice keeps its first
    // place and its last call's words, as one upsert a route did. That was over 300 statements a start:
    // 2 s of every embedded test server's start.
    const rows = new Map(
      defs.map((d) => [
        `${d.method} ${d.path}`,
        { method: d.method, path: d.path, name: d.name, module: d.module, access: accessLabel(d.access) },
      ]),
    );
    const keys = [...rows.keys()];
    if (keys.length) {
      await this.db
        .insert(sysApi)
        .values(keys.map((k) => rows.get(k)!))
        .onConflictDoUpdate({
          target: [sysApi.method, sysApi.path],
          set: {
            name: sql`excluded.name`,
            module: sql`excluded.module`,
            access: sql`excluded.access`,
            present: true,
            updatedAt: new Date(),
          },
        });
      await this.db
        .update(sysApi)
        .set({ present: false })
        .where(notInArray(sql`${sysApi.method} || ' ' || ${sysApi.path}`, keys));
    }
  }

  /** Menus visible to the principal: all for a super role, else those its roles hold. */
  private async heldMenus(p: Principal): Promise<{ rows: MenuRow[]; rolesByMenu: Map<number, string[]> }> {
    const [all, open] = await Promise.all([
      this.db.select().from(sysMenu).orderBy(sysMenu.orderNum, sysMenu.id),
      this.openMenus(),
    ]);
    // A menu of a closed function is left out (its buttons then have no menu to be found under, its children no parent).
    const rows = all.filter((m) => open(m.perms));
    const holdings = await this.db
      .select({ menuId: sysRoleMenu.menuId, code: sysRole.code })
      .from(sysRoleMenu)
      .innerJoin(sysRole, eq(sysRole.id, sysRoleMenu.roleId));
    const rolesByMenu = new Map<number, string[]>();
    for (const h of holdings) rolesByMenu.set(h.menuId, [...(rolesByMenu.get(h.menuId) ?? []), h.code]);
    if (p.isSuper) return { rows, rolesByMenu };
    const mine = new Set(p.roleCodes);
    const isDirect = (m: MenuRow) => m.name === SPECIAL_MENU_NAMES.directManagement;
    const direct = rows.some(isDirect) && p.accountType === 'admin' && (await this.runsDirectSales(p.accountId));
    return {
      rows: rows.filter((m) => (isDirect(m) ? direct : rolesByMenu.get(m.id)?.some((c) => mine.has(c)))),
      rolesByMenu,
    };
  }

  /** GET listByUser: the tree of directories and menus (buttons are for getButton). */
  async menuTree(p: Principal): Promise<MenuEntry[]> {
    const { rows, rolesByMenu } = await this.heldMenus(p);
    const entries = rows
      .filter((m) => m.type !== MENU_TYPE.button)
      .map<MenuEntry>((m) => ({
        id: m.id,
        parentId: m.parentId,
        path: m.path,
        url: m.url,
        name: m.name,
        type: m.type as MenuEntry['type'],
        hidden: m.hidden,
        // A super role sees every menu, so no role list restricts it (null allows all); nor does one
        // restrict the direct-management entry, which is held by running direct sales, not by a role.
        roles: p.isSuper || m.name === SPECIAL_MENU_NAMES.directManagement ? null : (rolesByMenu.get(m.id) ?? []),
        icon: m.icon,
        orderNum: m.orderNum,
        perms: m.perms,
        children: [],
      }));
    return buildTree(entries);
  }

  /**
   * GET pathStatus?path: whether a directory or menu has this console route (routes joined from
   * the parents' as the console joins them), and whether the account holds one that has it.
   */
  async pathStatus(p: Principal, pathname: string): Promise<PathStatus> {
    const { rows } = await this.heldMenus(p);
    const held = new Set(rows.map((m) => m.id));
    const all = await this.db
      .select({ id: sysMenu.id, parentId: sysMenu.parentId, path: sysMenu.path, type: sysMenu.type })
      .from(sysMenu);
    const byId = new Map(all.map((m) => [m.id, m]));
    const routes = new Map<number, string>();
    const routeOf = (id: number, depth = 0): string => {
      const known = routes.get(id);
      if (known !== undefined) return known;
      const m = byId.get(id);
      // A broken parent chain (or a loop) ends the join where it breaks.
      const parent = m && m.parentId && depth < 32 ? routeOf(m.parentId, depth + 1) : '';
      const route = m ? joinMenuPath(parent, m.path) : '';
      routes.set(id, route);
      return route;
    };
    const clean = pathname.replace(/\/+$/, '') || '/';
    const matching = all.filter(
      (m) =>
        m.type !== MENU_TYPE.button &&
        !/^(https?:|mailto:|tel:)/i.test(m.path.trim()) &&
        menuPathMatches(routeOf(m.id), clean),
    );
    return { exists: matching.length > 0, granted: matching.some((m) => held.has(m.id)) };
  }

  /** GET getButton?path: permission codes of the held buttons under the menu at path. */
  async buttons(p: Principal, path: string): Promise<string[]> {
    const { rows } = await this.heldMenus(p);
    const menu = rows.find((m) => m.path === path && m.type !== MENU_TYPE.button);
    if (!menu) return [];
    return rows.filter((m) => m.parentId === menu.id && m.type === MENU_TYPE.button && m.perms).map((m) => m.perms!);
  }

  /**
   * GET dashbord?path: the widgets of a dashboard the principal may see: each widget of
   * DASHBOARD_WIDGETS whose permission codes it holds, all of them.
   */
  async dashboard(p: Principal, path: string): Promise<DashboardConfig> {
    if (path !== DASHBOARD_PATH) return { path, widgets: [] };
    const entries = Object.entries(DASHBOARD_WIDGETS) as [string, readonly string[]][];
    const codes = [...new Set(entries.flatMap(([, perms]) => perms))];
    const holds = await Promise.all(codes.map((code) => this.holdsPermission(p, code)));
    const held = new Set(codes.filter((_, i) => holds[i]));
    return { path, widgets: entries.filter(([, perms]) => perms.every((c) => held.has(c))).map(([name]) => name) };
  }

  /** True when a role of the principal holds a menu bound to the route (method, path). */
  async authorize(p: Principal, method: string, path: string): Promise<boolean> {
    if (p.isSuper) return true;
    if (!p.roleCodes.length) return false;
    // Read in the same statement as the session when the guard resolved it for this route.
    if (p.route && p.route.method === method && p.route.path === path) return p.route.held;
    return this.holdsApi(p, and(eq(sysApi.method, method), eq(sysApi.path, path))!);
  }

  /**
   * True when a role of the principal holds a menu carrying this code, or a menu bound to a route
   * declaring it. The first covers codes no route declares (sys:manage:edit, checked by a service).
   */
  async holdsPermission(p: Principal, code: string): Promise<boolean> {
    if (p.isSuper) return true;
    const direct = await this.db
      .select({ one: sql`1` })
      .from(sysAccountRole)
      .innerJoin(sysRoleMenu, eq(sysRoleMenu.roleId, sysAccountRole.roleId))
      .innerJoin(sysMenu, eq(sysMenu.id, sysRoleMenu.menuId))
      .where(and(eq(sysAccountRole.accountId, p.accountId), eq(sysMenu.perms, code)))
      .limit(1);
    return direct.length > 0 || this.holdsApi(p, eq(sysApi.access, code));
  }

  /**
   * Ids of the menus the principal's roles hold (every menu for a super role). Pass the
   * transaction that writes, so the check and the write see the same holdings.
   */
  async heldMenuIds(p: Principal, db: Reader = this.db): Promise<Set<number>> {
    if (p.isSuper) return new Set((await db.select({ id: sysMenu.id }).from(sysMenu)).map((r) => r.id));
    const rows = await db
      .selectDistinct({ id: sysRoleMenu.menuId })
      .from(sysAccountRole)
      .innerJoin(sysRoleMenu, eq(sysRoleMenu.roleId, sysAccountRole.roleId))
      .where(eq(sysAccountRole.accountId, p.accountId));
    return new Set(rows.map((r) => r.id));
  }

  /**
   * Whether the principal may call the route itself: a menu it holds binds the route, or carries
   * the code the route declares. Routes open to anyone (public, any signed-in account) count.
   */
  async reachesApis(p: Principal, apiIds: number[], db: Reader = this.db): Promise<boolean> {
    if (p.isSuper || !apiIds.length) return true;
    const [r] = await query<{ n: number }>(
      db,
      sql`
      select count(*)::int as n from sys_api a
       where a.id in (${sql.join(
         apiIds.map((i) => sql`${i}`),
         sql`, `,
       )})
         and a.access not in ('public', 'authenticated')
         and not exists (
           select 1 from sys_account_role ar join sys_role_menu rm on rm.role_id = ar.role_id
             join sys_menu m on m.id = rm.menu_id
             left join sys_menu_api ma on ma.menu_id = rm.menu_id and ma.api_id = a.id
            where ar.account_id = ${p.accountId} and (ma.api_id is not null or m.perms = a.access))`,
    );
    return Number(r?.n ?? 0) === 0;
  }

  /**
   * Whether the principal holds a permission code outright: a menu it holds carries the code, or
   * it may call every route declaring it. Only such a code may be written on a menu, since the
   * menu is then bound to every route declaring it.
   */
  async holdsCode(p: Principal, code: string, db: Reader = this.db): Promise<boolean> {
    if (p.isSuper) return true;
    const [carried] = await query<{ one: number }>(
      db,
      sql`
      select 1 as one from sys_account_role ar join sys_role_menu rm on rm.role_id = ar.role_id join sys_menu m on m.id = rm.menu_id
       where ar.account_id = ${p.accountId} and m.perms = ${code} limit 1`,
    );
    if (carried) return true;
    const declaring = await db.select({ id: sysApi.id }).from(sysApi).where(eq(sysApi.access, code));
    return (
      declaring.length > 0 &&
      this.reachesApis(
        p,
        declaring.map((d) => d.id),
        db,
      )
    );
  }

  /** GET listByUserAll: every menu, buttons included, as a tree (the role editor's choices). */
  async fullTree(): Promise<MenuEntry[]> {
    const rows = await this.db.select().from(sysMenu).orderBy(sysMenu.orderNum, sysMenu.id);
    return buildTree(
      rows.map<MenuEntry>((m) => ({
        id: m.id,
        parentId: m.parentId,
        path: m.path,
        url: m.url,
        name: m.name,
        type: m.type as MenuEntry['type'],
        hidden: m.hidden,
        roles: null,
        icon: m.icon,
        orderNum: m.orderNum,
        perms: m.perms,
        children: [],
      })),
    );
  }

  /** account → its roles → their menus → the routes those menus bind, filtered by `route`. */
  private async holdsApi(p: Principal, route: SQL): Promise<boolean> {
    const r = await this.db
      .select({ one: sql`1` })
      .from(sysAccountRole)
      .innerJoin(sysRoleMenu, eq(sysRoleMenu.roleId, sysAccountRole.roleId))
      .innerJoin(sysMenuApi, eq(sysMenuApi.menuId, sysRoleMenu.menuId))
      .innerJoin(sysApi, eq(sysApi.id, sysMenuApi.apiId))
      .where(and(eq(sysAccountRole.accountId, p.accountId), route))
      .limit(1);
    return r.length > 0;
  }

  /** Binds every menu carrying a permission code to the routes that declare that code. */
  async bindMenusToApis(): Promise<void> {
    await this.db.execute(sql`
      insert into sys_menu_api (menu_id, api_id)
      select m.id, a.id from sys_menu m join sys_api a on a.access = m.perms
      where m.perms is not null
      on conflict do nothing`);
  }
}

export function buildTree(entries: MenuEntry[]): MenuEntry[] {
  const byId = new Map(entries.map((e) => [e.id, e]));
  const roots: MenuEntry[] = [];
  for (const e of entries) {
    const parent = e.parentId ? byId.get(e.parentId) : undefined;
    if (parent) parent.children.push(e);
    else if (!e.parentId) roots.push(e);
    // an entry whose parent is not visible is left out: its directory is not held
  }
  return roots;
}
