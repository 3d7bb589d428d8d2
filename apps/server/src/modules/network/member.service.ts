import { and, isNull, asc, count, desc, eq, gte, ilike, inArray, lte, or, type SQL } from 'drizzle-orm';
import type {
  MemberDetail,
  MemberFilter,
  MemberFreezeItem,
  MemberFreezeQuery,
  MemberItem,
  MemberLevel,
  MemberQuery,
  MemberSignInItem,
  MemberSignInQuery,
  MemberStatusRequest,
  MemberLevelRequest,
  PageResult,
  UserClientType,
} from '@cbo/contract';
import type { Db } from '../../platform/db/database.js';
import { containing } from '../../platform/db/paging.js';
import { AppError } from '../../platform/http/app-error.js';
import type { StaffDirectory } from './needs.js';
import { requirePhone } from '../../platform/sms/phone.js';
import { netMember, netMemberFreeze, netMemberSession } from './tables.js';
import { nameAuditTarget } from '../../platform/audit/target.js';

/** What a member is created with (members come from the rental apps, the demo network and tests). */
export interface NewMember {
  areaCode: string;
  mobile: string;
  nickname: string;
  terminal: UserClientType;
  level?: MemberLevel;
  simulated?: boolean;
}

/** Members: the end users of the rental apps. Staff read them and freeze (with a reason) or unfreeze them. */
/** Members' money and orders, from the ledger and the orders (given by app.ts once the order module is built). */
export type MemberWallets = (
  ids: number[],
) => Promise<Map<number, { balance: number; deposit: number; orders: number }>>;

export class MemberService {
  constructor(
    private readonly db: Db,
    private readonly staff: StaffDirectory,
    /** Customers' wallets from the books and their order counts (money.ts). */
    private readonly wallets: MemberWallets,
  ) {}

  private where(f: MemberFilter): SQL | undefined {
    const c: SQL[] = [];
    if (f.keyword)
      c.push(or(ilike(netMember.mobile, containing(f.keyword)), ilike(netMember.nickname, containing(f.keyword)))!);
    if (f.terminal) c.push(eq(netMember.terminal, f.terminal));
    if (f.level) c.push(eq(netMember.level, f.level));
    if (f.status !== undefined) c.push(eq(netMember.status, f.status));
    return c.length ? and(...c) : undefined;
  }

  async count(f: MemberFilter): Promise<number> {
    const [r] = await this.db.select({ n: count() }).from(netMember).where(this.where(f));
    return Number(r!.n);
  }

  /** Customers who registered in [begin, end] (statistics: the dashboard's new users; by the creation-time index). */
  async registered(begin: Date, end: Date): Promise<number> {
    const [r] = await this.db
      .select({ n: count() })
      .from(netMember)
      .where(and(gte(netMember.createdAt, begin), lte(netMember.createdAt, end)));
    return Number(r!.n);
  }

  async rows(
    q: MemberFilter & Pick<MemberQuery, 'orderBy' | 'order'>,
    offset: number,
    limit: number,
  ): Promise<MemberItem[]> {
    const rows = await this.db
      .select()
      .from(netMember)
      .where(this.where(q))
      .orderBy((q.order === 'ascend' ? asc : desc)(netMember.createdAt), desc(netMember.id))
      .limit(limit)
      .offset(offset);
    const wallets = await this.wallets(rows.map((m) => m.id));
    return rows.map((m) => memberItem(m, wallets.get(m.id)));
  }

  /** One customer in one place (the customer screen's header): MEMBER_NOT_FOUND when there is none. */
  async detail(id: number): Promise<MemberDetail> {
    const [m] = await this.db.select().from(netMember).where(eq(netMember.id, id));
    if (!m) throw new AppError('MEMBER_NOT_FOUND');
    const [wallets, [last], [freeze]] = await Promise.all([
      this.wallets([id]),
      this.db
        .select({ at: netMemberSession.createdAt })
        .from(netMemberSession)
        .where(eq(netMemberSession.memberId, id))
        .orderBy(desc(netMemberSession.createdAt))
        .limit(1),
      this.db
        .select()
        .from(netMemberFreeze)
        .where(eq(netMemberFreeze.memberId, id))
        .orderBy(desc(netMemberFreeze.createdAt), desc(netMemberFreeze.id))
        .limit(1),
    ]);
    return {
      ...memberItem(m, wallets.get(id)),
      duplicateOf: m.duplicateOf,
      lastSignInTime: last?.at.toISOString() ?? null,
      lastFreeze: freeze
        ? {
            status: freeze.status === 1 ? 1 : 0,
            reason: freeze.reason,
            operatorName: freeze.operatorName,
            time: freeze.createdAt.toISOString(),
          }
        : null,
    };
  }

  /** A customer's sign-ins in the user app (their sessions), newest first. */
  async signIns(q: MemberSignInQuery): Promise<PageResult<MemberSignInItem>> {
    await this.mustExist(q.userId);
    const where = eq(netMemberSession.memberId, q.userId);
    const [[n], rows] = await Promise.all([
      this.db.select({ n: count() }).from(netMemberSession).where(where),
      this.db
        .select()
        .from(netMemberSession)
        .where(where)
        .orderBy(desc(netMemberSession.createdAt), desc(netMemberSession.id))
        .limit(q.pageSize)
        .offset((q.pageNum - 1) * q.pageSize),
    ]);
    return {
      total: Number(n!.n),
      list: rows.map((r) => ({
        id: r.id,
        terminal: r.clientType,
        ip: r.ip,
        createTime: r.createdAt.toISOString(),
        lastSeenTime: r.lastSeenAt.toISOString(),
        expireTime: r.expiresAt.toISOString(),
        signOutTime: r.revokedAt?.toISOString() ?? null,
      })),
    };
  }

  /** Every freeze and unfreeze of a customer, newest first. */
  async freezes(q: MemberFreezeQuery): Promise<PageResult<MemberFreezeItem>> {
    await this.mustExist(q.userId);
    const where = eq(netMemberFreeze.memberId, q.userId);
    const [[n], rows] = await Promise.all([
      this.db.select({ n: count() }).from(netMemberFreeze).where(where),
      this.db
        .select()
        .from(netMemberFreeze)
        .where(where)
        .orderBy(desc(netMemberFreeze.createdAt), desc(netMemberFreeze.id))
        .limit(q.pageSize)
        .offset((q.pageNum - 1) * q.pageSize),
    ]);
    return {
      total: Number(n!.n),
      list: rows.map((r) => ({
        id: r.id,
        status: r.status === 1 ? 1 : 0,
        reason: r.reason,
        operatorId: r.operatorId,
        operatorName: r.operatorName,
        createTime: r.createdAt.toISOString(),
      })),
    };
  }

  /** Customers' phones as staff read them ("+86 13800000000"), by id: the fund flows name a customer's accounts by them. */
  async phones(ids: number[]): Promise<Map<number, string>> {
    if (!ids.length) return new Map();
    const rows = await this.db
      .select({ id: netMember.id, areaCode: netMember.areaCode, mobile: netMember.mobile })
      .from(netMember)
      .where(inArray(netMember.id, [...new Set(ids)]));
    return new Map(rows.map((r) => [r.id, `+${r.areaCode} ${r.mobile}`]));
  }

  private async mustExist(id: number): Promise<void> {
    const [m] = await this.db.select({ id: netMember.id }).from(netMember).where(eq(netMember.id, id));
    if (!m) throw new AppError('MEMBER_NOT_FOUND');
  }

  /** A member as the app registers one (its phone canonical); the same phone twice, in any split, answers the existing member. */
  async create(m: NewMember): Promise<{ id: number }> {
    const { areaCode, mobile } = requirePhone(m.areaCode, m.mobile, { simulated: m.simulated });
    const current = isNull(netMember.duplicateOf);
    const [row] = await this.db
      .insert(netMember)
      .values({
        areaCode,
        mobile,
        nickname: m.nickname,
        terminal: m.terminal,
        level: m.level ?? 'C',
        simulated: m.simulated ?? false,
      })
      .onConflictDoNothing({ target: [netMember.areaCode, netMember.mobile], where: current })
      .returning({ id: netMember.id });
    if (row) return row;
    const [old] = await this.db
      .select({ id: netMember.id })
      .from(netMember)
      .where(and(eq(netMember.areaCode, areaCode), eq(netMember.mobile, mobile), current));
    return old!;
  }

  /**
   * Freezing keeps its reason; unfreezing clears it. One conditional update: a missing member is
   * NOT_FOUND. Who did it, when and why is recorded in the same transaction (the customer screen's
   * freezes); `by` is the staff account (none: a change made by the system).
   */
  async setStatus(req: MemberStatusRequest, by?: number): Promise<null> {
    const operatorName = by ? ((await this.staff.names([by])).get(by) ?? '').slice(0, 18) || null : null;
    const reason = req.status === 1 ? req.reason! : null;
    await this.db.transaction(async (tx) => {
      const [row] = await tx
        .update(netMember)
        .set({ status: req.status, freezeReason: reason })
        .where(eq(netMember.id, req.id))
        .returning({ areaCode: netMember.areaCode, mobile: netMember.mobile });
      if (!row) throw new AppError('NOT_FOUND');
      nameAuditTarget(memberName(row));
      await tx
        .insert(netMemberFreeze)
        .values({ memberId: req.id, status: req.status, reason, operatorId: by ?? null, operatorName });
    });
    return null;
  }

  /**
   * A member's level: the next settle of its orders takes the level's benefit (docs/decisions/orders-and-payments.md,
   * "Member levels").
   */
  async setLevel(req: MemberLevelRequest): Promise<null> {
    const [row] = await this.db
      .update(netMember)
      .set({ level: req.level })
      .where(eq(netMember.id, req.id))
      .returning({ areaCode: netMember.areaCode, mobile: netMember.mobile });
    if (!row) throw new AppError('NOT_FOUND');
    nameAuditTarget(memberName(row));
    return null;
  }

  /** Whether a member may rent: exists and is not frozen (for the rental engine). */
  async status(id: number): Promise<{ id: number; status: number; level: MemberLevel } | null> {
    const [m] = await this.db
      .select({ id: netMember.id, status: netMember.status, level: netMember.level })
      .from(netMember)
      .where(eq(netMember.id, id));
    return m ? { ...m, level: m.level as MemberLevel } : null;
  }
}

/** A customer as an operation-log entry names them: by the mobile staff search them by. */
function memberName(m: { areaCode: string; mobile: string }): string {
  return `+${m.areaCode} ${m.mobile}`;
}

/** A member row as the lists show it, with its money and orders (sums of the ledger's entries and a count of the orders, never numbers kept on the member). */
function memberItem(
  m: typeof netMember.$inferSelect,
  wallet: { balance: number; deposit: number; orders: number } | undefined,
): MemberItem {
  return {
    id: m.id,
    areaCode: m.areaCode,
    mobile: m.mobile,
    nickname: m.nickname,
    terminal: m.terminal as UserClientType,
    level: m.level as MemberLevel,
    balance: wallet?.balance ?? 0,
    deposit: wallet?.deposit ?? 0,
    orderCount: wallet?.orders ?? 0,
    status: m.status === 1 ? 1 : 0,
    freezeReason: m.freezeReason,
    simulated: m.simulated,
    createTime: m.createdAt.toISOString(),
  };
}
