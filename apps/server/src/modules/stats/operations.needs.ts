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
  orders: {
    figures(w: OperationsAsk & { outletIds: readonly number[] | null }): Promise<{
      periods: { start: Date; created: number; finished: number }[];
      ended: { count: number; minutes: number };
      durations: number[];
      cabinets: { sn: string; outletId: number; orderCount: number; endedCount: number; rentedMinutes: number }[];
      returnsByHour: number[];
    }>;
    returning(
      w: OperationsAsk & { outletIds: readonly number[] | null },
    ): Promise<{ periods: { start: Date; n: number }[]; total: number }>;
  };
  outlets: {
    resolve(q: { regionId?: number; agentId?: number; outletId?: number }): Promise<{
      kind: 'all' | 'region' | 'agent' | 'outlet';
      id: number | null;
      name: string | null;
      outlets: { id: number; name: string }[];
    }>;
  };
  fleet: {
    cabinetsAt(outletIds: readonly number[] | null): Promise<{ sn: string; outletId: number | null }[]>;
    faults(
      w: OperationsAsk & { sns: readonly string[] | null },
    ): Promise<{ start: Date; failedEjects: number; forcedEjects: number }[]>;
  };
  repairs: {
    perPeriod(w: OperationsAsk & { cabinets: readonly string[] | null }): Promise<{ start: Date; n: number }[]>;
  };
}
