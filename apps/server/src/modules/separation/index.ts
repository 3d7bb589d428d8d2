import type { Db } from '../../platform/db/database.js';
import { definePage } from '../../platform/list-kit.js';
import { defineModule, type Platform } from '../../platform/module.js';
import type { SeparationNeeds } from './needs.js';
import { separationMenus } from './menus.js';
import { separationRoutes } from './routes.js';
import { SeparationOrderService } from './separation-order.service.js';
import { SeparationRuleService } from './separation-rule.service.js';
import * as tables from './tables.js';

export type { SeparationNeeds } from './needs.js';

/** Order separation's services: the rules, and the orders they separate (the order engine calls `orders.shared`). */
function createSeparation({ db }: Platform, needs: SeparationNeeds) {
  const orders = new SeparationOrderService(db, needs);
  const rules = new SeparationRuleService(db, needs, orders);
  return {
    rules,
    orders,
    /**
     * The order engine's need in each share's transaction: the shares a rule diverted, none while
     * Order separation is closed (docs/decisions/system-configuration.md, "Extended functions").
     */
    forOrders: {
      shared: async (tx: Db, o: Parameters<SeparationOrderService['shared']>[1]) =>
        (await needs.open(tx)) ? orders.shared(tx, o) : [],
    },
  };
}
export type SeparationServices = ReturnType<typeof createSeparation>;

/** Order separation (spec 2, 3, 4, 5): rules that divert matching orders' partner shares to the platform, and their restores. */
export const separation = defineModule({
  name: 'separation',
  tables,
  menus: separationMenus,
  services: createSeparation,
  lists: (s) => [
    definePage({ page: 'separationRuleQueryPage', source: s.rules }),
    definePage({ page: 'separationOrderQueryPage', source: s.orders }),
  ],
  routes: separationRoutes,
});
