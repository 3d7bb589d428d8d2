import { z } from 'zod';
import { deviceLogItem } from './device-log.js';
import { fleetPerms } from './permissions.js';

/**
 * The fleet at a glance (the dashboard's fleet widgets), and the words its numbers are made of.
 * Each condition is defined here once: the cabinet, power bank, command and firmware lists filter
 * by the same names, and the server counts with the same SQL, so a number on the dashboard is the
 * total of the list it links to.
 */

/** Signal quality (CSQ 0-31) at or below this is weak; 99 (no network) is weak too. */
export const WEAK_SIGNAL_CSQ_MAX = 9;
export const NO_NETWORK_CSQ = 99;
/** A power bank at this battery or more is charged (the cabinet list's charged count uses it too). */
export const CHARGED_BATTERY_MIN = 80;
/** The overview's window for commands, device events and trends, in hours. */
export const OVERVIEW_HOURS = 24;
/** Device log lines the overview shows. */
export const OVERVIEW_RECENT_EVENTS = 8;

/**
 * How a cabinet stands with the gateway. The three split the fleet:
 * online; offline (it connected once and is not connected now); neverConnected (it never has).
 */
export const CABINET_CONNECTIONS = ['online', 'offline', 'neverConnected'] as const;
export type CabinetConnection = (typeof CABINET_CONNECTIONS)[number];

/**
 * What may need a visit, from the cabinet's last report:
 * full: no free slot (a user cannot return a power bank there);
 * empty: an inventory was reported and holds no power bank (nothing to rent);
 * weakSignal: last CSQ at or below WEAK_SIGNAL_CSQ_MAX, or no network;
 * faulty: at least one slot reports a fault.
 */
export const CABINET_CONDITIONS = ['full', 'empty', 'weakSignal', 'faulty'] as const;
export type CabinetCondition = (typeof CABINET_CONDITIONS)[number];

const count = z.number().int().min(0);

export const fleetOverview = z.object({
  /** When it was counted. */
  at: z.string(),
  /** Start of the window (OVERVIEW_HOURS before `at`): the lists' beginTime for the windowed counts. */
  since: z.string(),
  /** Null when the account may not see the cabinet list. */
  cabinets: z
    .object({
      total: count,
      online: count,
      offline: count,
      neverConnected: count,
      full: count,
      empty: count,
      weakSignal: count,
      faulty: count,
      /** Cabinets online at the end of each hour of the window (the last point is now), from the device log's online and offline lines. */
      onlineTrend: z.array(z.object({ at: z.string(), online: count })),
    })
    .nullable(),
  /** Null when the account may not see the power bank list. */
  powerBanks: z
    .object({
      /** Power banks in a cabinet now. */
      inCabinets: count,
      /** Of those, charged (CHARGED_BATTERY_MIN or more). */
      charged: count,
      /** charged / inCabinets, 0-100; null when no power bank is in a cabinet. */
      chargedPercent: z.number().int().min(0).max(100).nullable(),
    })
    .nullable(),
  /** Commands created in the window; null when the account may not see the command list. */
  commands: z
    .object({
      total: count,
      failed: count,
      expired: count,
      /** Per hour of the window: created then, by their state now. */
      hourly: z.array(z.object({ at: z.string(), succeeded: count, failed: count, expired: count, open: count })),
    })
    .nullable(),
  /** Null when the account may not see firmware batches. */
  firmware: z.object({ running: count }).nullable(),
  /** Null when the account may not see the device log. */
  events: z
    .object({
      /** Device log lines in the window, by kind. */
      online: count,
      offline: count,
      refused: count,
      recent: z.array(deviceLogItem),
    })
    .nullable(),
});
export type FleetOverview = z.infer<typeof fleetOverview>;

/**
 * The fleet's dashboard widgets and what each needs: the overview itself and the permission of
 * the list its numbers link to. The dashboard shows a widget only when both are held, and the
 * overview leaves out a section whose list the account may not see.
 */
export const fleetWidgets = {
  fleetCabinets: [fleetPerms.fleetOverview, fleetPerms.cabinetQuery],
  fleetPowerBanks: [fleetPerms.fleetOverview, fleetPerms.powerBankQuery],
  fleetCommands: [fleetPerms.fleetOverview, fleetPerms.commandQuery],
  fleetFirmware: [fleetPerms.fleetOverview, fleetPerms.firmwareQuery],
  fleetEvents: [fleetPerms.fleetOverview, fleetPerms.deviceLogQuery],
} as const;
