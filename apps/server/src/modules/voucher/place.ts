import type { VoucherNeeds, VoucherPlaces } from './needs.js';

/**
 * Where a cabinet stands for a voucher: its outlet, in service (not deleted), and the agents of
 * the outlet's chain; null when it is nowhere to rent from. The voucher module's rule.
 */
export function placeOf(p: VoucherPlaces): VoucherNeeds['placeOf'] {
  return async (sn) => {
    const outletId = await p.cabinetOutlet(sn);
    const o = outletId ? await p.outlet(outletId) : null;
    if (!o || o.status === 'deleted') return null;
    return { outletId: o.id, agentIds: o.agentId ? (await p.agentLine(o.agentId)).map((a) => a.id) : [] };
  };
}
