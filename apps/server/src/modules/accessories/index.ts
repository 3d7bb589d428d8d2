import { RepairOperations } from './repair.operations.js';
import type { ActionProvider } from '../stats/ports.js';
import { label, PERMS, yesNo, type PackageTier } from '@cbo/contract';
import { AppError } from '../../platform/http/app-error.js';
import { defineList } from '../../platform/list-kit.js';
import { defineModule, type Late, type Platform } from '../../platform/module.js';
import { formatInZone } from '../../platform/time-zone.js';
import { BluetoothService } from './bluetooth.service.js';
import { CableService } from './cable.service.js';
import { AccessoriesForOrders } from './order-port.js';
import { accessoriesMenus } from './menus.js';
import type { AccessoriesLate, AccessoriesNeeds } from './needs.js';
import { AccessoryBinding, OutletNames } from './outlet-binding.js';
import { RepairService } from './repair.service.js';
import { accessoriesRoutes } from './routes.js';
import * as tables from './tables.js';
import { nameAuditTarget } from '../../platform/audit/target.js';

export type { AccessoriesNeeds, AccessoriesLate, DeviceRemoval } from './needs.js';

const at = (v: string | null, tz: string) => (v ? formatInZone(v, tz) : '');
const money = (v: number) => (v / 100).toFixed(2);
const tiers = (p: PackageTier[]) => p.map((t) => `${t.name} ${t.hours}h ${money(t.amount)}`).join('; ');

/**
 * Charging cables with offline codes, Bluetooth chargers, device billing by Excel and repair tickets.
 * `cableBinding` / `chargerBinding` are what the outlet module binds them with (src/wiring/outlet.ts hands them
 * over); the outlet module, built later, answers its late needs: outlet names and the removal
 * path repair tickets use.
 */
function createAccessories({ db }: Platform, needs: AccessoriesNeeds, late: Late<AccessoriesLate>) {
  const outletNames = new OutletNames((ids) => late.outletNames(ids));
  const cables = new CableService(db, needs, outletNames);
  const cableBinding = new AccessoryBinding(db, tables.accCable, 'cable');
  const chargerBinding = new AccessoryBinding(db, tables.accBluetooth, 'bluetooth');
  const repairs = new RepairService(db, needs, (id, reason, by) => late.removal(id, reason, by));
  /** The dashboard's action list: repair tickets untreated and in process, counted as the ticket list counts them. */
  const actions: ActionProvider[] = (['untreated', 'processing'] as const).map((status) => ({
    key: `${status}Repairs`,
    permission: PERMS.repairQuery,
    screen: 'accessories/repairs',
    query: { status },
    count: () => repairs.count({ status }),
  }));
  return {
    actions,
    cables,
    /** Cables and chargers as the order module sells them (its `accessories` need). */
    forOrders: new AccessoriesForOrders(db, cables),
    chargers: new BluetoothService(db, needs, outletNames),
    repairs,
    /** Statistics: repair tickets per period (Operational data). */
    repairStats: new RepairOperations(db),
    cableBinding,
    chargerBinding,
    /** Deleting an unbound cable or charger: its row, then its asset row (the same request transaction). */
    deleteDevice: async (binding: AccessoryBinding, deviceId: string): Promise<null> => {
      nameAuditTarget(deviceId);
      const row = await binding.delete(deviceId);
      const asset = await needs.forgetAsset?.(deviceId);
      if (row === 'absent' && (asset === 'absent' || asset === undefined)) throw new AppError('DEVICE_NOT_FOUND');
      return null;
    },
  };
}

export type AccessoriesServices = ReturnType<typeof createAccessories>;

export const accessories = defineModule({
  name: 'accessories',
  late: { outletNames: true, removal: true },
  tables,
  menus: accessoriesMenus,
  fileRefs: [{ column: tables.accRepairTicket.pictures, contains: true }],
  services: createAccessories,
  lists: (s) => [
    defineList({
      page: 'cableQueryPage',
      export: 'cableExport',
      source: s.cables,
      cells: (r, { timeZone }) => ({
        packages: tiers(r.packages),
        lastCodeTime: at(r.lastCodeTime, timeZone),
        createTime: at(r.createTime, timeZone),
      }),
      widths: {
        id: 20,
        modelName: 20,
        outletName: 24,
        packages: 40,
        position: 10,
        codesIssued: 12,
        lastCodeTime: 20,
        createTime: 20,
      },
    }),
    defineList({
      page: 'bluetoothQueryPage',
      export: 'bluetoothExport',
      source: s.chargers,
      cells: (r, { timeZone }) => ({
        packages: tiers(r.packages),
        hourlyPrice: money(r.hourlyPrice),
        dailyCap: money(r.dailyCap),
        prepayment: money(r.prepayment),
        createTime: at(r.createTime, timeZone),
      }),
      widths: {
        id: 20,
        modelName: 20,
        outletName: 24,
        packages: 40,
        hourlyPrice: 12,
        dailyCap: 12,
        prepayment: 12,
        createTime: 20,
      },
    }),
    defineList({
      page: 'repairQueryPage',
      export: 'repairExport',
      source: s.repairs,
      cells: (r, { lang, timeZone }) => ({
        deviceType: label('accessories', 'repairDeviceType', r.deviceType, lang),
        status: label('accessories', 'repairStatus', r.status, lang),
        outOfBusiness: yesNo(r.outOfBusiness, lang),
        submitTime: at(r.submitTime, timeZone),
        processTime: at(r.processTime, timeZone),
      }),
      widths: {
        no: 18,
        deviceType: 14,
        deviceId: 20,
        problemTypeName: 16,
        contact: 14,
        phone: 16,
        description: 40,
        status: 10,
        outOfBusiness: 10,
        handlerName: 14,
        result: 30,
        submitTime: 20,
        processTime: 20,
      },
    }),
  ],
  routes: accessoriesRoutes,
});
