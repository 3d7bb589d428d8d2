import { useQuery } from '@tanstack/react-query';
import { label, type DeviceType, type Lang } from '@cbo/contract';
import { callKey, type FilterOption } from '@/shared/list-page';
import { request } from '@/shared/request';

/** Warehouses in use, for pickers and filters. */
export function useWarehouseOptions(): FilterOption[] {
  const q = useQuery({ queryKey: callKey('warehouseOptions'), queryFn: () => request('warehouseOptions') });
  return (q.data ?? []).map((w) => ({ value: w.id, label: w.name }));
}

/** Models a device of a kind can be given now. */
export function useModelOptions(deviceType: DeviceType | undefined): FilterOption[] {
  const q = useQuery({
    queryKey: callKey('modelOptions', { deviceType }),
    queryFn: () => request('modelOptions', { query: { deviceType } }),
    enabled: deviceType !== undefined,
  });
  return (q.data ?? []).map((m) => ({ value: m.id, label: `${m.productName} · ${m.model}` }));
}

/** Options of a coded value, worded by the contract's labels. */
export function labelOptions<
  G extends
    | 'deviceType'
    | 'modelStatus'
    | 'supplierStatus'
    | 'warehouseType'
    | 'warehouseStatus'
    | 'stockReason'
    | 'movementKind'
    | 'assetState'
    | 'auditStatus',
>(group: G, values: readonly string[], lang: Lang): FilterOption[] {
  return values.map((v) => ({ value: v, label: label('assets', group, v as never, lang) }));
}
