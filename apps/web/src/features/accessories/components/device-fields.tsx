import { Select, Tag, Tooltip } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { callKey } from '@/shared/list-page';
import { request } from '@/shared/request';

/** The models a device of this kind can be given now (status normal). */
export function ModelSelect({
  kind,
  value,
  onChange,
  id,
}: {
  kind: 'cable' | 'bluetoothCharger';
  value?: number;
  onChange?: (v: number) => void;
  id?: string;
}) {
  const { t } = useTranslation('accessories');
  const models = useQuery({
    queryKey: callKey('modelOptions', { deviceType: kind }),
    queryFn: () => request('modelOptions', { query: { deviceType: kind } }),
  });
  return (
    <Select
      id={id}
      value={value}
      onChange={onChange}
      loading={models.isLoading}
      showSearch
      optionFilterProp="label"
      placeholder={t('device.modelPlaceholder')}
      notFoundContent={t('device.noModels')}
      options={(models.data ?? []).map((m) => ({ value: m.id, label: `${m.productName} ${m.model}` }))}
    />
  );
}

/** The outlet a device is bound to (by name), or "Not bound" with where binding is done. */
export function OutletCell({ outletId, outletName }: { outletId: number | null; outletName: string | null }) {
  const { t } = useTranslation('accessories');
  if (outletId !== null) return <Tag color="blue">{outletName ?? t('device.outlet', { id: outletId })}</Tag>;
  return (
    <Tooltip title={t('device.bindHint')}>
      <Tag>{t('device.unbound')}</Tag>
    </Tooltip>
  );
}
