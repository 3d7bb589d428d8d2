import { label } from '@cbo/contract';
import { defineList } from '../../platform/list-kit.js';
import { defineModule, type Platform } from '../../platform/module.js';
import { formatInZone } from '../../platform/time-zone.js';
import { assetsMenus } from './menus.js';
import { ModelService } from './model.service.js';
import { assetsRoutes } from './routes.js';
import * as tables from './tables.js';

/** The assets module's services: models (handed to cables and Bluetooth chargers as a need). */
function createAssets({ db }: Platform) {
  const models = new ModelService(db);
  return { models };
}

export type AssetsServices = ReturnType<typeof createAssets>;

/** The assets module: models, suppliers, warehouses, stock movements, dispatch applications, device assets. */
export const assets = defineModule({
  name: 'assets',
  tables,
  menus: assetsMenus,
  services: (platform: Platform, _needs: Record<string, never>) => createAssets(platform),
  lists: (s) => [
    defineList({
      page: 'modelQueryPage',
      export: 'modelExport',
      source: s.models,
      cells: (r, { lang, timeZone }) => ({
        deviceType: label('assets', 'deviceType', r.deviceType, lang),
        status: label('assets', 'modelStatus', r.status, lang),
        createTime: formatInZone(r.createTime, timeZone),
      }),
      widths: { productName: 20, model: 18, deviceType: 16, slotCount: 8, status: 10, devices: 10, remark: 30, createTime: 20 },
    }),
  ],
  routes: assetsRoutes,
});
