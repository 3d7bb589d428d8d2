import { randomUUID } from 'node:crypto';
import { and, isNull, asc, count, desc, eq, gte, ilike, inArray, lte, or, sql, type SQL } from 'drizzle-orm';
import type {
  AccountType,
  CooperationApplyRequest,
  CooperationFilter,
  CooperationHandleRequest,
  CooperationItem,
  CooperationQuery,
  CooperationStatus,
  CooperationType,
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
import type { Principal } from '../../platform/http/routes.js';
import type { RateLimit, RateLimits } from '../../platform/rate-limit/rate-limit.js';
import type { StaffDirectory } from './needs.js';
import { requirePhone } from '../../platform/sms/phone.js';
import { netCooperation, netMember, netMemberFreeze, netMemberSession } from './tables.js';
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

/**
 * Who may send a cooperation application from an app, and how often. A customer applies in the
 * customer app (the application is theirs: `member_id`); a partner of the agent app who recruits
 * (an agent, a ground pusher, a service provider, a direct-sales operator) passes a prospect on
 * (`submitted_by`, their app account). An outlet's account is the store's own sign-in, shared at
 * its counter: it recruits nobody and is refused (COOPERATION_NOT_ALLOWED).
 */
export const COOPERATION_APPLICANTS: readonly AccountType[] = [
  'user',
  'agent',
  'groundPromoter',
  'serviceProvider',
  'operator',
];
/** A few applications an hour per applicant and per address: enough for a person, not for a script filling the list. */
export const COOPERATION_LIMITS = {
  applicant: { scope: 'cooperationApply:applicant', max: 3, seconds: 3600 },
  address: { scope: 'cooperationApply:address', max: 10, seconds: 3600 },
} as const satisfies Record<string, RateLimit>;

/** Agency cooperation applications: sent from the apps (customers, recruiting partners), handled by staff. */
export class CooperationService {
  constructor(
    private readonly db: Db,
    private readonly staff: StaffDirectory,
    private readonly limits: RateLimits | null = null,
  ) {}

  /** An application sent from an app: refused for an outlet's account, limited per applicant and address, attributed to whoever sent it. */
  async apply(p: Principal, req: CooperationApplyRequest, from: { ip: string }): Promise<{ id: number }> {
    if (!COOPERATION_APPLICANTS.includes(p.accountType)) throw new AppError('COOPERATION_NOT_ALLOWED');
    const customer = p.accountType === 'user';
    const refused = await this.limits?.take([
      { limit: COOPERATION_LIMITS.applicant, key: `${customer ? 'member' : 'app'}:${p.accountId}` },
      { limit: COOPERATION_LIMITS.address, key: from.ip },
    ]);
    if (refused) throw new AppError('RATE_LIMITED', { minutes: Math.ceil(refused.retryAfterSeconds / 60) });
    return this.submit(req, customer ? { memberId: p.accountId } : { submittedBy: p.accountId });
  }

  private where(f: CooperationFilter): SQL | undefined {
    const c: SQL[] = [];
    if (f.keyword) {
      const kw = containing(f.keyword);
      c.push(or(ilike(netCooperation.number, kw), ilike(netCooperation.contact, kw), ilike(netCooperation.phone, kw))!);
    }
    if (f.type) c.push(eq(netCooperation.type, f.type));
    if (f.status) c.push(eq(netCooperation.status, f.status));
    return c.length ? and(...c) : undefined;
  }

  async count(f: CooperationFilter): Promise<number> {
    const [r] = await this.db.select({ n: count() }).from(netCooperation).where(this.where(f));
    return Number(r!.n);
  }

  async rows(
    q: CooperationFilter & Pick<CooperationQuery, 'orderBy' | 'order'>,
    offset: number,
    limit: number,
  ): Promise<CooperationItem[]> {
    const rows = await this.db
      .select()
      .from(netCooperation)
      .where(this.where(q))
      .orderBy((q.order === 'ascend' ? asc : desc)(netCooperation.createdAt), desc(netCooperation.id))
      .limit(limit)
      .offset(offset);
    return rows.map((r) => ({
      id: r.id,
      number: r.number,
      type: r.type as CooperationType,
      contact: r.contact,
      areaCode: r.areaCode,
      phone: r.phone,
      status: r.status as CooperationStatus,
      handlerId: r.handlerId,
      handlerName: r.handlerName,
      note: r.note,
      handleTime: r.handledAt?.toISOString() ?? null,
      simulated: r.simulated,
      createTime: r.createdAt.toISOString(),
    }));
  }

  /** A new application, numbered CA + the UTC date + its id (written once the id is known). */
  async submit(
    req: CooperationApplyRequest,
    opts: { submittedBy?: number; memberId?: number; simulated?: boolean } = {},
  ): Promise<{ id: number }> {
    return this.db.transaction(async (tx) => {
      const [row] = await tx
        .insert(netCooperation)
        .values({
          number: `tmp-${randomUUID().slice(0, 20)}`,
          type: req.type,
          contact: req.contact,
          ...(({ areaCode, mobile }) => ({ areaCode, phone: mobile }))(requirePhone(req.areaCode, req.phone)),
          submittedBy: opts.submittedBy ?? null,
          memberId: opts.memberId ?? null,
          simulated: opts.simulated ?? false,
        })
        .returning({ id: netCooperation.id, createdAt: netCooperation.createdAt });
      const day = row!.createdAt.toISOString().slice(0, 10).replace(/-/g, '');
      const number = `CA${day}${String(row!.id).padStart(6, '0')}`;
      nameAuditTarget(number);
      await tx.update(netCooperation).set({ number }).where(eq(netCooperation.id, row!.id));
      return { id: row!.id };
    });
  }

  /**
   * Staff take an application on or close it. A processed one stays processed: the update holds
   * only while it is not, so two people closing it at once leave one handler.
   */
  async handle(handlerId: number, req: CooperationHandleRequest): Promise<null> {
    const names = await this.staff.names([handlerId]);
    const [row] = await this.db
      .update(netCooperation)
      .set({
        status: req.status,
        note: req.note || null,
        handlerId,
        handlerName: (names.get(handlerId) ?? '').slice(0, 18),
        handledAt: new Date(),
      })
      .where(and(eq(netCooperation.id, req.id), sql`${netCooperation.status} <> 'processed'`))
      .returning({ number: netCooperation.number });
    nameAuditTarget(row?.number);
    if (row) return null;
    const [exists] = await this.db
      .select({ id: netCooperation.id })
      .from(netCooperation)
      .where(eq(netCooperation.id, req.id));
    throw new AppError(exists ? 'CONFLICT' : 'NOT_FOUND');
  }
}
