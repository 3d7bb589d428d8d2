import { and, count, desc, eq, gte, ilike, lte, type SQL } from 'drizzle-orm';
import type {
  CommandState,
  EjectOutcome,
  ForcedEjectFilter,
  ForcedEjectItem,
  ForcedEjectRequest,
  ForcedEjectState,
} from '@cbo/contract';
import type { Db } from '../../platform/db/database.js';
import { AppError } from '../../platform/http/app-error.js';
import { checkTimeRange } from '../../platform/http/time-range.js';
import { escapeLike } from '../../platform/db/paging.js';
import { iso, type Actor, type CommandRow } from './command-rows.js';
import type { CommandSender } from './command-sender.js';
import { devCommand, devForcedEject, devSlot } from './tables.js';
import { nameAuditTarget, nameAuditTargets } from '../../platform/audit/target.js';

/**
 * The forced-eject list: an operator forces a power bank out of a slot (ignoring a fault or a low
 * battery) and says why. The record and its eject command are written in one transaction before
 * anything is sent, and the eject is never resent. The record stays "not returned" until the
 * power bank arrives in any cabinet again (the slot writer closes it).
 */
export class ForcedEjectService {
  constructor(
    private readonly db: Db,
    private readonly sender: CommandSender,
  ) {}

  async eject(req: ForcedEjectRequest, by: Actor): Promise<ForcedEjectItem> {
    nameAuditTarget(req.sn);
    const { command, recordId } = await this.db.transaction(async (tx) => {
      const cab = await this.sender.lockOnline(tx, req.sn);
      if (cab.slotCount !== null && req.slot > cab.slotCount) throw new AppError('SLOT_NOT_FOUND', { slot: req.slot });
      const [slot] = await tx
        .select()
        .from(devSlot)
        .where(and(eq(devSlot.sn, req.sn), eq(devSlot.slot, req.slot)));
      if (!slot?.powerBankId) throw new AppError('SLOT_EMPTY');
      nameAuditTargets([req.sn, slot.powerBankId]);
      await this.sender.checkNotBusy(tx, req.sn, req.slot, slot.powerBankId);
      const command = await this.sender.record(tx, {
        sn: req.sn,
        type: 'eject',
        data: { slot: req.slot, force: true },
        targetSlot: req.slot,
        targetPowerBankId: slot.powerBankId,
        batchId: null,
        by,
      });
      const [rec] = await tx
        .insert(devForcedEject)
        .values({
          commandId: command.id,
          sn: req.sn,
          slot: req.slot,
          powerBankId: slot.powerBankId,
          reason: req.reason,
          operatorId: by.id,
          operatorName: by.name,
        })
        .returning({ id: devForcedEject.id });
      return { command, recordId: rec!.id };
    });
    await this.sender.dispatch(command);
    const [item] = await this.rows({}, 0, 1, eq(devForcedEject.id, recordId));
    return item!;
  }

  private where(f: ForcedEjectFilter): SQL | undefined {
    const range = checkTimeRange(f.beginTime, f.endTime);
    const c: SQL[] = [];
    if (f.sn) c.push(ilike(devForcedEject.sn, `%${escapeLike(f.sn)}%`));
    if (f.powerBankId) c.push(ilike(devForcedEject.powerBankId, `%${escapeLike(f.powerBankId)}%`));
    if (f.state) c.push(eq(devForcedEject.state, f.state));
    if (range.begin) c.push(gte(devForcedEject.createdAt, range.begin));
    if (range.end) c.push(lte(devForcedEject.createdAt, range.end));
    return c.length ? and(...c) : undefined;
  }

  async count(f: ForcedEjectFilter): Promise<number> {
    const [r] = await this.db.select({ n: count() }).from(devForcedEject).where(this.where(f));
    return Number(r!.n);
  }

  async rows(
    f: ForcedEjectFilter,
    offset: number,
    limit: number,
    where: SQL | undefined = this.where(f),
  ): Promise<ForcedEjectItem[]> {
    const rows = await this.db
      .select({ r: devForcedEject, c: devCommand })
      .from(devForcedEject)
      .innerJoin(devCommand, eq(devCommand.id, devForcedEject.commandId))
      .where(where)
      .orderBy(desc(devForcedEject.id))
      .limit(limit)
      .offset(offset);
    return rows.map(({ r, c }) => {
      const outcome = ejectOutcome(c);
      return {
        id: r.id,
        powerBankId: r.powerBankId,
        sn: r.sn,
        slot: r.slot,
        reason: r.reason,
        operatorName: r.operatorName,
        commandId: r.commandId,
        commandState: c.state as CommandState,
        outcome,
        failReason: outcome === 'failed' ? c.reason : null,
        state: r.state as ForcedEjectState,
        returnedAt: iso(r.returnedAt),
        returnedSn: r.returnedSn,
        createdAt: r.createdAt.toISOString(),
      };
    });
  }
}

/** What an eject came to: an expired one waits for the inventory that settles it. */
function ejectOutcome(c: CommandRow): EjectOutcome {
  switch (c.state as CommandState) {
    case 'succeeded':
      return 'ejected';
    case 'failed':
      return 'failed';
    case 'expired':
      return c.confirmedByInventory === null ? 'pending' : c.confirmedByInventory ? 'confirmedByInventory' : 'failed';
    default:
      return 'pending';
  }
}
