import type { RepairOperations } from '../accessories/ports.js';
import type { FleetOperationsData } from '../fleet/ports.js';
import type { OrderOperationsData } from '../order/ports.js';
import type { OutletScopes } from '../outlet/ports.js';

/** A window of the operational data as the owners of the rows are asked it. */
export interface OperationsAsk {
  begin: Date;
  end: Date;
  period: 'day' | 'week' | 'month';
  timeZone: string;
}

/**
 * What Statistics → Operational data uses of other modules (src/wiring/stats.ts builds them): the order
 * module's figures from its rollups, the outlet module's scopes, the fleet's cabinets and faults,
 * the repair tickets of accessories.
 */
export interface OperationsNeeds {
  /** The order module's figures from its rollups. */
  orders: Pick<OrderOperationsData, 'figures' | 'returning'>;
  /** The outlet module's scopes. */
  outlets: Pick<OutletScopes, 'resolve'>;
  /** The fleet's cabinets and faults. */
  fleet: Pick<FleetOperationsData, 'cabinetsAt' | 'faults'>;
  /** The repair tickets of accessories. */
  repairs: Pick<RepairOperations, 'perPeriod'>;
}
