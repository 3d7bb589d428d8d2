import { FleetOperations } from './fleet.operations.js';
import type { ActionProvider } from '../stats/ports.js';
import { label, PERMS, yesNo, type BatchStorageReport, type BatchStorageRequest, type Lang } from '@cbo/contract';
import { defineList, definePage } from '../../platform/list-kit.js';
import { defineModule, type Late, type Platform } from '../../platform/module.js';
import type { FleetLate, FleetNeeds } from './needs.js';
import { formatInZone } from '../../platform/time-zone.js';
import { AppError } from '../../platform/http/app-error.js';
import { CabinetBinding } from './cabinet-binding.js';
import { DeviceRemoval } from './device-removal.js';
import { CabinetQr } from './qr-labels.js';
import { CabinetService, loadFleetKey } from './cabinet.service.js';
import { CabinetReports } from './cabinet-reports.js';
import { CommandService } from './command.service.js';
import { DeviceLogService } from './device-log.service.js';
import { FleetLive } from './fleet-live.js';
import { Gateway } from './gateway.js';
import { fleetMenus } from './menus.js';
import { fleetRoutes } from './routes.js';
import { OverviewService } from './overview.service.js';
import * as tables from './tables.js';
import { SlotWriter } from './slot-state.js';
import { RentalPort } from './rental-port.js';

const at = (v: string | null, tz: string) => (v ? formatInZone(v, tz) : '');

/**
 * The fleet module's services: cabinets, power banks, commands, forced ejects, firmware batches,
 * the device log, and the gateway that talks MQTT with cabinets (docs/protocol.md).
 */
async function createFleet(
  { db, config, live: hub, log, metrics }: Platform,
  needs: FleetNeeds,
  late: Late<FleetLate>,
) {
  const key = await loadFleetKey(db, config.DEVICE_SECRET);
  const live = new FleetLive(hub, log, metrics);
  const deviceLog = new DeviceLogService(db);
  const cabinets = new CabinetService(db, key, deviceLog, live, late);
  const slots = new SlotWriter(db, live);
  const commands = new CommandService(db, cabinets, slots, live, log);
  const reports = new CabinetReports(db, deviceLog, live, slots);
  const gateway = new Gateway(config, cabinets, reports, slots, commands.replies, deviceLog, log, metrics);
  commands.attach(gateway);
  const overview = new OverviewService(db, needs.access, deviceLog);
  const removal = new DeviceRemoval(db);
  const deleted = (row: 'deleted' | 'absent', asset: unknown): null => {
    if (row === 'absent' && (asset === 'absent' || asset === undefined)) throw new AppError('DEVICE_NOT_FOUND');
    return null;
  };
  const rental = new RentalPort(db, commands.sender, log, {
    ejectOutcome: (e) => late.rentalEvents.ejectOutcome(e),
    returned: (e) => late.rentalEvents.returned(e),
  });
  commands.replies.rental = rental;
  slots.onReturned = (sn, slot, pb, at, outletId) => rental.arrived(sn, slot, pb, at, outletId);

  // The fleet's gauges, read when Prometheus scrapes (a statement each then, never on a request).
  metrics.gauge(
    'cbo_cabinets',
    'Cabinets in the fleet by state: all, online (heard within their heartbeat), connected (to the embedded broker; absent with MQTT_URL).',
    ['state'],
    async () => {
      const [all, online] = await Promise.all([cabinets.count({}), cabinets.count({ connection: 'online' })]);
      const connected = gateway.cabinetConnections;
      return [
        { labels: { state: 'all' }, value: all },
        { labels: { state: 'online' }, value: online },
        ...(connected === null ? [] : [{ labels: { state: 'connected' }, value: connected }]),
      ];
    },
  );
  metrics.gauge('cbo_broker_connected', '1 while this process is connected to its MQTT broker.', [], async () => [
    { value: gateway.connected ? 1 : 0 },
  ]);
  /** The dashboard's action list: cabinets offline and faulty, counted as the cabinet list counts them. */
  const actions: ActionProvider[] = [
    {
      key: 'offlineCabinets',
      permission: PERMS.cabinetQuery,
      screen: 'fleet/cabinets',
      query: { connection: 'offline' },
      count: () => cabinets.count({ connection: 'offline' }),
    },
    {
      key: 'faultyCabinets',
      permission: PERMS.cabinetQuery,
      screen: 'fleet/cabinets',
      query: { condition: 'faulty' },
      count: () => cabinets.count({ condition: 'faulty' }),
    },
  ];
  return {
    actions,
    cabinets,
    /** What cabinets report, written in batches (the gateway's write path). */
    reports,
    /** The one writer of slot and power-bank state (inventories, slot events, eject results). */
    slots,
    commands,
    deviceLog,
    gateway,
    /** The dashboard's fleet overview. */
    overview,
    /** Statistics: cabinets of a scope and device faults per period (Operational data). */
    operations: new FleetOperations(db),
    /** Renting: picking and recording ejects, their outcomes and returns, for the rental engine. */
    rental,
    /** Which outlet each cabinet stands in (the outlet module binds and unbinds through it). */
    outletBinding: new CabinetBinding(db),
    /** Stock-in by list or range, the same path as batch storage (the simulator stocks its cabinets in with it). */
    stockIn: async (
      input: BatchStorageRequest,
      opts?: { lang?: Lang; by?: number | null },
    ): Promise<BatchStorageReport> => {
      const report = await cabinets.stockIn(input, opts);
      // The device assets learn of the new cabinets in the same transaction.
      if (report.succeededSns.length) await needs.cabinetsStocked(report.succeededSns);
      return report;
    },
    /**
     * Registers cabinets put in stock by the assets (the one way a device enters the business,
     * docs/decisions/assets-and-accessories.md "One way in"): new SNs become fleet cabinets in the put-in's
     * transaction.
     */
    registerCabinets: (sns: string[], by: number | null): Promise<string[]> => cabinets.register(sns, by),
    /** The delete of a cabinet's or power bank's own row, for the assets' delete (it deletes the asset row itself). */
    removal,
    /** Cabinet QR labels and reading scans back. */
    qr: new CabinetQr(db, () => needs.qrBase()),
    /**
     * Deleting a cabinet or a power bank from its list: its row (refused while bound), then its
     * device asset (refused while in an outlet, an agent's or held by a dispatch), in the request's
     * transaction, so a refusal by either undoes both.
     */
    deleteCabinet: async (sn: string): Promise<null> =>
      deleted(await removal.deleteCabinet(sn), await needs.forgetAsset(sn)),
    deletePowerBank: async (id: string): Promise<null> =>
      deleted(await removal.deletePowerBank(id), await needs.forgetAsset(id)),
    /** A cabinet's MQTT password (docs/protocol.md). */
    secretOf: (sn: string): string => cabinets.secretOf(sn),
  };
}

export type FleetServices = Awaited<ReturnType<typeof createFleet>>;

export type { FleetNeeds, FleetLate } from './needs.js';

/** The fleet module: the device gateway starts with the server and closes with it. */
export const fleet = defineModule({
  name: 'fleet',
  tables,
  menus: fleetMenus,
  late: { outletNames: true, leases: true, rentalEvents: true },
  services: (platform: Platform, needs: FleetNeeds, late: Late<FleetLate>) => createFleet(platform, needs, late),
  lists: (s) => [
    defineList({
      page: 'cabinetQueryPage',
      export: 'cabinetExport',
      source: s.cabinets,
      cells: (r, { lang, timeZone }) => ({
        online: label('fleet', 'connection', r.connection, lang),
        host: r.host ?? r.connectedVia ?? '',
        bound: yesNo(r.bound, lang),
        lastHeartbeatAt: at(r.lastHeartbeatAt, timeZone),
        stockedInAt: at(r.stockedInAt, timeZone),
      }),
      widths: {
        sn: 20,
        online: 8,
        iccid: 24,
        imei: 18,
        csq: 10,
        netMode: 10,
        slots: 8,
        freeSlots: 10,
        powerBanks: 12,
        chargedPowerBanks: 12,
        batteryAvg: 12,
        port: 8,
        heartbeatSec: 12,
        bound: 8,
        lastHeartbeatAt: 20,
        stockedInAt: 20,
      },
    }),
    defineList({
      page: 'powerBankQueryPage',
      export: 'powerBankExport',
      source: {
        count: (f) => s.cabinets.powerBankCount(f),
        rows: (f, offset, limit) => s.cabinets.powerBankRows(f, offset, limit),
      },
      cells: (r, { lang, timeZone }) => ({ locked: yesNo(r.locked, lang), updatedAt: at(r.updatedAt, timeZone) }),
      widths: {
        powerBankId: 20,
        sn: 20,
        slot: 8,
        battery: 8,
        locked: 8,
        leaseCount: 12,
        leaseMinutes: 14,
        ejectFailures: 14,
        updatedAt: 20,
      },
    }),
    defineList({
      page: 'forcedEjectQueryPage',
      export: 'forcedEjectExport',
      source: {
        count: (f) => s.commands.forcedEjectCount(f),
        rows: (f, offset, limit) => s.commands.forcedEjectRows(f, offset, limit),
      },
      cells: (r, { lang, timeZone }) => ({
        outcome: label('fleet', 'ejectOutcome', r.outcome, lang),
        state: label('fleet', 'forcedEjectState', r.state, lang),
        returnedAt: at(r.returnedAt, timeZone),
        createdAt: at(r.createdAt, timeZone),
      }),
      widths: { powerBankId: 20, sn: 20, slot: 8, reason: 24, outcome: 16, state: 12, returnedAt: 20, createdAt: 20 },
    }),
    // Lists without an export: the kit answers their pages.
    definePage({ page: 'commandQueryPage', source: s.commands }),
    definePage({ page: 'firmwareQueryPage', source: s.commands.firmware }),
    definePage({ page: 'deviceLogQueryPage', source: s.deviceLog }),
  ],
  routes: fleetRoutes,
  start: (s) => s.gateway.start(),
  stop: (s) => s.gateway.close(),
});
