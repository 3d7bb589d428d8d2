import { sql, type SQL } from 'drizzle-orm';
import {
  CHARGED_BATTERY_MIN,
  NO_NETWORK_CSQ,
  WEAK_SIGNAL_CSQ_MAX,
  type CabinetCondition,
  type CabinetConnection,
} from '@cbo/contract';
import { devCabinet, devFirmwareBatch, devPowerBank } from './tables.js';

/**
 * The fleet's conditions as SQL, written once: the cabinet, power bank and firmware lists filter
 * with them and the overview counts with them (`count(*) filter (where …)`), so the dashboard's
 * numbers are the totals of the lists it links to. The words are defined in the contract
 * (fleet/overview.ts).
 */

/** A cabinet's standing with the gateway: online; offline after having connected; never connected (no online change yet). */
export function connectionSql(c: CabinetConnection): SQL {
  switch (c) {
    case 'online':
      return sql`(${devCabinet.online} = true)`;
    case 'offline':
      return sql`(${devCabinet.online} = false and ${devCabinet.onlineChangedAt} is not null)`;
    case 'neverConnected':
      return sql`(${devCabinet.online} = false and ${devCabinet.onlineChangedAt} is null)`;
  }
}

/**
 * From the cabinet's slot summary and last heartbeat. Full and empty need a summary with slots in
 * it: a cabinet that reported none is neither.
 */
export function conditionSql(c: CabinetCondition): SQL {
  switch (c) {
    case 'full':
      return sql`(${devCabinet.freeSlots} = 0 and ${devCabinet.powerBanks} > 0)`;
    case 'empty':
      return sql`(${devCabinet.powerBanks} = 0 and ${devCabinet.freeSlots} > 0)`;
    case 'weakSignal':
      return sql`(${devCabinet.csq} <= ${WEAK_SIGNAL_CSQ_MAX} or ${devCabinet.csq} = ${NO_NETWORK_CSQ})`;
    case 'faulty':
      return sql`(${devCabinet.faultSlots} > 0)`;
  }
}

/** A power bank in a cabinet now. */
export const inCabinetSql = sql`(${devPowerBank.sn} is not null)`;

/** A power bank charged (CHARGED_BATTERY_MIN or more); one whose battery was never reported is not. */
export function chargedSql(charged: boolean): SQL {
  return charged
    ? sql`(${devPowerBank.battery} >= ${CHARGED_BATTERY_MIN})`
    : sql`(${devPowerBank.battery} is null or ${devPowerBank.battery} < ${CHARGED_BATTERY_MIN})`;
}

/** A firmware batch in progress: one of its commands is not finished. */
export function batchRunningSql(running: boolean): SQL {
  const open = sql`exists (select 1 from dev_command c where c.batch_id = ${devFirmwareBatch.id} and c.state in ('pending', 'sent', 'acknowledged'))`;
  return running ? open : sql`not ${open}`;
}
