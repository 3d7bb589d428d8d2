import crypto from 'node:crypto';
import { nameAuditTarget } from '../../platform/audit/target.js';
import { and, eq, ilike, inArray, ne, or, sql, type SQL } from 'drizzle-orm';
import {
  api,
  callName,
  callsNamed,
  MENU_TYPE,
  type ApiItem,
  type CallName,
  type Lang,
  type ApiRoute,
  type ManageMenu,
  type MenuSaveRequest,
  type PageResult,
} from '@cbo/contract';
import { query, type Db } from '../../platform/db/database.js';
import { AppError } from '../../platform/http/app-error.js';
import type { Principal } from '../../platform/http/routes.js';
import type { AccessService, Reader } from './access.service.js';
import { sysApi, sysMenu, sysMenuApi } from './tables.js';

type MenuRow = typeof sysMenu.$inferSelect;
const CUSTOM = 'custom.';
const likeText = (v: string) => `%${v.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
/** The contract call of each route, by method and path (a route's name is its call's, in the reader's language). */
const callByRoute = new Map(
  (Object.entries(api) as [CallName, (typeof api)[CallName]][]).map(([name, d]) => [`${d.method} ${d.path}`, name]),
);

/**
 * Menu management and interface routes: directories, menus and buttons, and the
 * routes each binds. A menu carrying a permission code is bound to every route declaring it;
 * bindingUrl adds others. The guard reads these bindings on every call, so each change here
 * takes effect on the next request.
 */
export class MenuAdminService {
  constructor(
    private readonly db: Db,
    private readonly access: AccessService,
  ) {}

  async tree(name?: string): Promise<ManageMenu[]> {
    const rows = await this.db.select().from(sysMenu).orderBy(sysMenu.orderNum, sysMenu.id);
    const counts = await query<{ menu_id: number; n: number }>(
      this.db,
      sql`select menu_id, count(*)::int as n from sys_menu_api group by menu_id`,
    );
    const countOf = new Map(counts.map((c) => [Number(c.menu_id), Number(c.n)]));
    const nodes = new Map(rows.map((r) => [r.id, toManageMenu(r, countOf.get(r.id) ?? 0)]));
    const roots: ManageMenu[] = [];
    for (const n of nodes.values()) {
      const parent = n.parentId ? nodes.get(n.parentId) : undefined;
      if (parent) parent.children.push(n);
      else roots.push(n);
    }
    if (!name) return roots;
    // A search keeps the matching menus with the path down to them.
    const needle = name.toLowerCase();
    const keep = (n: ManageMenu): ManageMenu | null => {
      const children = n.children.map(keep).filter((c): c is ManageMenu => c !== null);
      return n.name.toLowerCase().includes(needle) || n.path.toLowerCase().includes(needle) || children.length
        ? { ...n, children }
        : null;
    };
    return roots.map(keep).filter((c): c is ManageMenu => c !== null);
  }

  async names() {
    return this.db
      .select({
        id: sysMenu.id,
        parentId: sysMenu.parentId,
        name: sysMenu.name,
        type: sysMenu.type,
        path: sysMenu.path,
      })
      .from(sysMenu)
      .where(ne(sysMenu.type, MENU_TYPE.button))
      .orderBy(sysMenu.orderNum, sysMenu.id);
  }

  async info(id: number | undefined, parentId: number | undefined) {
    let menu: ManageMenu | null = null;
    if (id) {
      const [row] = await this.db.select().from(sysMenu).where(eq(sysMenu.id, id));
      if (!row) throw new AppError('NOT_FOUND');
      const [n] = await query<{ n: number }>(
        this.db,
        sql`select count(*)::int as n from sys_menu_api where menu_id = ${id}`,
      );
      menu = toManageMenu(row, Number(n?.n ?? 0));
      parentId = row.parentId;
    }
    let parent = null;
    if (parentId) {
      const [p] = await this.db
        .select({ id: sysMenu.id, name: sysMenu.name, type: sysMenu.type, path: sysMenu.path })
        .from(sysMenu)
        .where(eq(sysMenu.id, parentId));
      if (!p) throw new AppError('NOT_FOUND');
      parent = p;
    }
    return { menu, parent };
  }

  /**
   * Creates or updates a menu. A non-super account edits only menus it holds, places them only
   * under menus it holds, and writes only a permission code it holds itself: a menu's code binds
   * it to every route declaring the code, so a code is a grant. Checked in the writing transaction
   * with the menu's row locked.
   */
  async save(p: Principal, req: MenuSaveRequest): Promise<{ id: number }> {
    nameAuditTarget(req.name);
    const path = req.type === MENU_TYPE.button ? '' : (req.path ?? '');
    const url = req.type === MENU_TYPE.menu ? req.url || null : null;
    if (req.type !== MENU_TYPE.button && !path) throw new AppError('MENU_FIELDS_REQUIRED');
    if (req.type === MENU_TYPE.menu && !url) throw new AppError('MENU_FIELDS_REQUIRED');
    const perms = req.perms || null;
    return this.db.transaction(async (tx) => {
      let old: MenuRow | undefined;
      if (req.id) {
        [old] = await tx.select().from(sysMenu).where(eq(sysMenu.id, req.id)).for('update');
        if (!old) throw new AppError('NOT_FOUND');
      }
      // A code left as it was is not checked again (a seeded button may carry a code that only a
      // service checks, such as sys:manage:edit, which no route declares).
      const newCode = perms !== null && perms !== old?.perms;
      if (newCode) {
        const declared = await tx.select({ id: sysApi.id }).from(sysApi).where(eq(sysApi.access, perms)).limit(1);
        if (!declared.length) throw new AppError('MENU_PERM_UNKNOWN', { perms });
      }
      if (!p.isSuper) {
        await this.assertHeld(p, [req.id, req.parentId], tx);
        if (newCode && !(await this.access.holdsCode(p, perms, tx))) throw new AppError('PERM_BEYOND_OWN', { perms });
      }
      // Buttons sit under menus; menus and directories under a directory or at the top.
      if (req.parentId) {
        const [parent] = await tx.select().from(sysMenu).where(eq(sysMenu.id, req.parentId));
        if (!parent) throw new AppError('MENU_PARENT_INVALID');
        const fits =
          req.type === MENU_TYPE.button ? parent.type === MENU_TYPE.menu : parent.type === MENU_TYPE.directory;
        if (!fits) throw new AppError('MENU_PARENT_INVALID');
        if (req.id) {
          const below = await query<{ id: number }>(
            tx,
            sql`
            with recursive t(id) as (select id from sys_menu where id = ${req.id}
              union all select m.id from sys_menu m join t on m.parent_id = t.id)
            select id from t where id = ${req.parentId}`,
          );
          if (below.length) throw new AppError('MENU_PARENT_INVALID');
        }
      } else if (req.type === MENU_TYPE.button) {
        throw new AppError('MENU_PARENT_INVALID');
      }
      if (path) {
        const clash = await tx
          .select({ id: sysMenu.id })
          .from(sysMenu)
          .where(
            and(
              eq(sysMenu.path, path),
              ne(sysMenu.type, MENU_TYPE.button),
              req.id ? ne(sysMenu.id, req.id) : undefined,
            ),
          );
        if (clash.length) throw new AppError('MENU_PATH_TAKEN');
      }
      const values = {
        parentId: req.parentId,
        name: req.name,
        type: req.type,
        path,
        url,
        breadcrumb: req.breadcrumb || null,
        icon: req.icon || null,
        orderNum: req.orderNum,
        hidden: req.hidden,
        perms,
        buttonType: req.type === MENU_TYPE.button ? req.buttonType || null : null,
        description: req.description || null,
      };
      let id: number;
      const oldPerms = old?.perms ?? null;
      if (old) {
        await tx.update(sysMenu).set(values).where(eq(sysMenu.id, old.id));
        id = old.id;
      } else {
        const [row] = await tx
          .insert(sysMenu)
          .values({ ...values, code: `${CUSTOM}${crypto.randomBytes(8).toString('hex')}` })
          .returning({ id: sysMenu.id });
        id = row!.id;
      }
      // The code decides the fixed bindings: routes of the old code go, those of the new one come.
      if (oldPerms && oldPerms !== perms) {
        await tx.execute(
          sql`delete from sys_menu_api where menu_id = ${id} and api_id in (select id from sys_api where access = ${oldPerms})`,
        );
      }
      if (perms) {
        await tx.execute(
          sql`insert into sys_menu_api (menu_id, api_id) select ${id}, a.id from sys_api a where a.access = ${perms} on conflict do nothing`,
        );
      }
      return { id };
    });
  }

  /** Deletes a custom menu without children; a non-super account only one it holds. */
  async remove(p: Principal, id: number): Promise<void> {
    await this.db.transaction(async (tx) => {
      const [row] = await tx.select().from(sysMenu).where(eq(sysMenu.id, id)).for('update');
      if (!row) throw new AppError('NOT_FOUND');
      nameAuditTarget(row.name);
      if (!p.isSuper) await this.assertHeld(p, [id], tx);
      const [n] = await query<{ n: number }>(tx, sql`select count(*)::int as n from sys_menu where parent_id = ${id}`);
      if (Number(n?.n) > 0) throw new AppError('MENU_HAS_CHILDREN', { count: Number(n?.n) });
      if (!row.code.startsWith(CUSTOM)) throw new AppError('MENU_BUILT_IN');
      await tx.delete(sysMenu).where(eq(sysMenu.id, id));
    });
  }

  async boundRoutes(menuId: number, lang: Lang) {
    const [menu] = await this.db.select().from(sysMenu).where(eq(sysMenu.id, menuId));
    if (!menu) throw new AppError('NOT_FOUND');
    const rows = await this.db
      .select({ api: sysApi })
      .from(sysMenuApi)
      .innerJoin(sysApi, eq(sysApi.id, sysMenuApi.apiId))
      .where(eq(sysMenuApi.menuId, menuId))
      .orderBy(sysApi.path, sysApi.method);
    return rows.map((r) => ({ ...toRoute(r.api, lang), fixed: menu.perms !== null && r.api.access === menu.perms }));
  }

  /**
   * bindingUrl: the menu binds exactly these routes, plus those declaring its own code. A
   * non-super account binds only menus it holds to routes it may call itself.
   */
  async bind(p: Principal, menuId: number, apiIds: number[]): Promise<void> {
    await this.db.transaction(async (tx) => {
      const [menu] = await tx.select().from(sysMenu).where(eq(sysMenu.id, menuId)).for('update');
      nameAuditTarget(menu?.name);
      if (!menu) throw new AppError('NOT_FOUND');
      const ids = [...new Set(apiIds)];
      if (ids.length) {
        const found = await tx.select({ id: sysApi.id }).from(sysApi).where(inArray(sysApi.id, ids));
        if (found.length !== ids.length) throw new AppError('NOT_FOUND');
      }
      if (!p.isSuper) {
        await this.assertHeld(p, [menuId], tx);
        if (!(await this.access.reachesApis(p, ids, tx))) throw new AppError('API_BIND_BEYOND_OWN');
      }
      await tx.execute(
        menu.perms
          ? sql`delete from sys_menu_api where menu_id = ${menuId} and api_id not in (select id from sys_api where access = ${menu.perms})`
          : sql`delete from sys_menu_api where menu_id = ${menuId}`,
      );
      if (ids.length)
        await tx
          .insert(sysMenuApi)
          .values(ids.map((apiId) => ({ menuId, apiId })))
          .onConflictDoNothing();
    });
  }

  /** Every given menu (0 and undefined: none, the top level) must be one the principal holds. */
  private async assertHeld(p: Principal, menuIds: (number | undefined)[], tx: Reader): Promise<void> {
    const wanted = menuIds.filter((id): id is number => !!id);
    if (!wanted.length) return;
    const held = await this.access.heldMenuIds(p, tx);
    if (wanted.some((id) => !held.has(id))) throw new AppError('MENU_BEYOND_OWN');
  }

  async allRoutes(lang: Lang): Promise<ApiRoute[]> {
    return (
      await this.db.select().from(sysApi).where(eq(sysApi.present, true)).orderBy(sysApi.path, sysApi.method)
    ).map((r) => toRoute(r, lang));
  }

  async searchRoutes(nameOrPath: string | undefined, lang: Lang): Promise<ApiRoute[]> {
    const where = nameOrPath ? nameOrPathIs(nameOrPath) : undefined;
    return (
      await this.db
        .select()
        .from(sysApi)
        .where(and(eq(sysApi.present, true), where))
        .orderBy(sysApi.path, sysApi.method)
        .limit(50)
    ).map((r) => toRoute(r, lang));
  }

  /** The interface screen: routes with the menus binding each. */
  async routePage(
    q: {
      pageNum: number;
      pageSize: number;
      nameOrPath?: string;
      module?: string;
      accessKind?: 'public' | 'authenticated' | 'permission';
      method?: string;
    },
    lang: Lang,
  ): Promise<PageResult<ApiItem>> {
    const conds: (SQL | undefined)[] = [];
    if (q.nameOrPath) conds.push(nameOrPathIs(q.nameOrPath));
    if (q.module) conds.push(eq(sysApi.module, q.module));
    if (q.method) conds.push(eq(sysApi.method, q.method));
    if (q.accessKind === 'public' || q.accessKind === 'authenticated') conds.push(eq(sysApi.access, q.accessKind));
    if (q.accessKind === 'permission') conds.push(sql`${sysApi.access} not in ('public', 'authenticated')`);
    const where = and(...conds);
    const [total] = await this.db
      .select({ n: sql<number>`count(*)::int` })
      .from(sysApi)
      .where(where);
    const rows = await this.db
      .select()
      .from(sysApi)
      .where(where)
      .orderBy(sql`${sysApi.present} desc`, sysApi.path, sysApi.method)
      .limit(q.pageSize)
      .offset((q.pageNum - 1) * q.pageSize);
    const ids = rows.map((r) => r.id);
    const menus = ids.length
      ? await this.db
          .select({ apiId: sysMenuApi.apiId, id: sysMenu.id, name: sysMenu.name })
          .from(sysMenuApi)
          .innerJoin(sysMenu, eq(sysMenu.id, sysMenuApi.menuId))
          .where(inArray(sysMenuApi.apiId, ids))
          .orderBy(sysMenu.id)
      : [];
    return {
      total: Number(total?.n ?? 0),
      list: rows.map((r) => ({
        ...toRoute(r, lang),
        menus: menus.filter((m) => m.apiId === r.id).map((m) => ({ id: m.id, name: m.name })),
      })),
    };
  }
}

/**
 * A route whose path or name contains the text: the name in any of the three languages (the
 * contract's names of the calls), or as stored for a route this version no longer has.
 */
function nameOrPathIs(text: string): SQL {
  const keys = callsNamed(text).map((c) => `${api[c].method} ${api[c].path}`);
  return or(
    ilike(sysApi.path, likeText(text)),
    ilike(sysApi.name, likeText(text)),
    keys.length ? inArray(sql`${sysApi.method} || ' ' || ${sysApi.path}`, keys) : undefined,
  )!;
}

function toRoute(a: typeof sysApi.$inferSelect, lang: Lang): ApiRoute {
  const call = callByRoute.get(`${a.method} ${a.path}`) ?? null;
  return {
    id: a.id,
    method: a.method,
    path: a.path,
    call,
    name: callName(call, lang) ?? a.name,
    module: a.module,
    access: a.access,
    present: a.present,
  };
}

function toManageMenu(r: MenuRow, apiCount: number): ManageMenu {
  return {
    id: r.id,
    parentId: r.parentId,
    code: r.code,
    name: r.name,
    type: r.type as ManageMenu['type'],
    path: r.path,
    breadcrumb: r.breadcrumb,
    url: r.url,
    icon: r.icon,
    orderNum: r.orderNum,
    hidden: r.hidden,
    perms: r.perms,
    buttonType: r.buttonType,
    description: r.description,
    builtIn: !r.code.startsWith(CUSTOM),
    apiCount,
    children: [],
  };
}
