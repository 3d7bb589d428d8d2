import { randomUUID } from 'node:crypto';
import { and, asc, count, desc, eq, ilike, or, sql, type SQL } from 'drizzle-orm';
import type {
  AccountType,
  CooperationApplyRequest,
  CooperationFilter,
  CooperationHandleRequest,
  CooperationItem,
  CooperationQuery,
  CooperationStatus,
  CooperationType,
} from '@cbo/contract';
import type { Db } from '../../platform/db/database.js';
import { containing } from '../../platform/db/paging.js';
import { AppError } from '../../platform/http/app-error.js';
import type { Principal } from '../../platform/http/routes.js';
import type { RateLimit, RateLimits } from '../../platform/rate-limit/rate-limit.js';
import type { StaffDirectory } from './needs.js';
import { requirePhone } from '../../platform/sms/phone.js';
import { netCooperation } from './tables.js';
import { nameAuditTarget } from '../../platform/audit/target.js';

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
