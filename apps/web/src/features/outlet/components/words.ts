import { useCallback } from 'react';
import { labels, type BindingDeviceType, type OutletStatus, type OutletType } from '@cbo/contract';
import { useLang } from '@/shared/form';

/** Words the server writes too (statuses, types, the demo tag) come from the contract's labels, in the console's language. */
export function useOutletWords() {
  const lang = useLang();
  return {
    status: useCallback((s: OutletStatus) => labels.outlet.outletStatus[s][lang], [lang]),
    type: useCallback((s: OutletType) => labels.outlet.outletType[s][lang], [lang]),
    device: useCallback((s: BindingDeviceType) => labels.outlet.deviceType[s][lang], [lang]),
    simulated: labels.outlet.simulated.tag[lang],
  };
}

export const STATUS_COLOUR: Record<OutletStatus, string> = {
  inService: 'success',
  suspended: 'warning',
  deleted: 'default',
};
