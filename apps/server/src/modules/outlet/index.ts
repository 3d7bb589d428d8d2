import { interpolate, label, yesNo, type BillingRule, type Lang } from '@cbo/contract';
import { defineList } from '../../platform/list-kit.js';
import { defineModule, type Late, type Platform } from '../../platform/module.js';
import { formatInZone } from '../../platform/time-zone.js';
import { outletMenus } from './menus.js';
import type { OutletLate, OutletNeeds } from './needs.js';
import { GeocodingService } from './geocoding.service.js';
import { OutletScope } from './outlet.scope.js';
import { OutletService } from './outlet.service.js';
import { outletRoutes } from './routes.js';
import * as tables from './tables.js';

export type {
  Actor,
  AgentForOutlet,
  DeviceBinder,
  DeviceMovement,
  DeviceMovements,
  OutletNeeds,
  OutletNetwork,
} from './needs.js';

const money = (cents: number) => (cents / 100).toFixed(2);
/** A billing rule in one line, in the reader's language. */
export const billingText = (b: BillingRule, lang: Lang) =>
  interpolate(label('outlet', 'billing', 'summary', lang), {
    free: b.freeMinutes,
    price: money(b.pricePerPeriod),
    period: b.periodMinutes,
    daily: money(b.dailyCap),
    total: money(b.totalCap),
    deposit: money(b.deposit),
  });

/** The outlet module's services: outlets, their binding to devices, the map. */
function createOutlet({ db }: Platform, needs: OutletNeeds, late: Late<OutletLate>) {
  return {
    outlets: new OutletService(db, needs, (ids) => late.turnovers(ids)),
    /** Statistics scopes (a region's, an agent's, an outlet's outlets). */
    scope: new OutletScope(db, needs.network),
    /** The outlet form's map: its tiles and looking an address up. */
    geocoding: new GeocodingService(needs.settings, needs.fetch),
  };
}

export type OutletServices = ReturnType<typeof createOutlet>;

/** The outlet module: outlets (agents' and direct-sales), device binding, the map distribution. */
export const outlet = defineModule({
  name: 'outlet',
  tables,
  menus: outletMenus,
  late: { turnovers: true },
  services: createOutlet,
  lists: (s) => [
    defineList({
      page: 'outletQueryPage',
      export: 'outletExport',
      source: s.outlets,
      cells: (r, { lang, timeZone }) => ({
        type: label('outlet', 'outletType', r.type, lang),
        status: label('outlet', 'outletStatus', r.status, lang),
        regionName: r.region?.name ?? '',
        ownerName: (r.agent ?? r.team)?.name ?? '',
        costAmount: money(r.costAmount),
        costRecovered: money(r.costRecovered),
        turnover: money(r.turnover),
        billing: billingText(r.billing, lang),
        simulated: yesNo(r.simulated, lang),
        createTime: formatInZone(r.createTime, timeZone),
      }),
      widths: {
        code: 10,
        name: 20,
        type: 12,
        status: 10,
        address: 36,
        lat: 12,
        lng: 12,
        regionName: 14,
        ownerName: 18,
        ratio: 10,
        hiddenRatio: 12,
        costAmount: 12,
        amortizationRatio: 10,
        costRecovered: 12,
        devices: 8,
        turnover: 12,
        billing: 60,
        managerName: 14,
        managerPhone: 16,
        simulated: 10,
        createTime: 20,
      },
    }),
  ],
  routes: outletRoutes,
});
