import { useEffect, useMemo, useState } from 'react';
import { Badge, Select, Space, Typography } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { CabinetItem } from '@cbo/contract';
import { callKey } from '@/shared/list-page';
import { request } from '@/shared/request';

const PICK_SIZE = 20;

/**
 * One cabinet, searched by part of its SN on the server, online ones listed first (two queries:
 * online, then offline). `onChange` also hands over the row, for its slot count and state.
 */
export function CabinetPicker({
  value,
  onChange,
  id,
  placeholder,
}: {
  value?: string;
  onChange?: (sn: string | undefined, row: CabinetItem | undefined) => void;
  id?: string;
  placeholder?: string;
}) {
  const { t } = useTranslation('fleet');
  const [typed, setTyped] = useState('');
  const [search, setSearch] = useState('');
  // Ask the server once typing pauses, not on every key.
  useEffect(() => {
    const timer = setTimeout(() => setSearch(typed.trim().toUpperCase().slice(0, 17)), 300);
    return () => clearTimeout(timer);
  }, [typed]);

  const page = (online: boolean) => {
    const input = {
      pageNum: 1,
      pageSize: PICK_SIZE,
      online: online ? 'true' : 'false',
      ...(search ? { sn: search } : {}),
      orderBy: 'sn',
      order: 'ascend',
    } as const;
    return {
      queryKey: callKey('cabinetQueryPage', input),
      queryFn: ({ signal }: { signal: AbortSignal }) => request('cabinetQueryPage', { query: input }, { signal }),
    };
  };
  const online = useQuery(page(true));
  const offline = useQuery(page(false));
  const rows = useMemo(
    () => [...(online.data?.list ?? []), ...(offline.data?.list ?? [])],
    [online.data, offline.data],
  );
  // The chosen row is kept so the label stays when a new search no longer lists it.
  const [chosen, setChosen] = useState<CabinetItem | undefined>();

  const option = (r: CabinetItem) => ({
    value: r.sn,
    label: (
      <Space size={6}>
        <Badge status={r.online ? 'success' : 'default'} />
        <span>{r.sn}</span>
        {r.slots !== null && (
          <Typography.Text type="secondary">{t('picker.slots', { value: r.slots })}</Typography.Text>
        )}
      </Space>
    ),
  });
  const extra = chosen && !rows.some((r) => r.sn === chosen.sn) ? [chosen] : [];
  const options = [
    {
      label: t('picker.online', { value: online.data?.total ?? 0 }),
      options: [...extra.filter((r) => r.online), ...(online.data?.list ?? [])].map(option),
    },
    {
      label: t('picker.offline', { value: offline.data?.total ?? 0 }),
      options: [...extra.filter((r) => !r.online), ...(offline.data?.list ?? [])].map(option),
    },
  ].filter((g) => g.options.length > 0);

  return (
    <Select
      id={id}
      showSearch={{ filterOption: false, onSearch: setTyped, searchValue: typed }}
      allowClear
      value={value}
      placeholder={placeholder ?? t('picker.placeholder')}
      loading={online.isFetching || offline.isFetching}
      notFoundContent={online.isFetching || offline.isFetching ? t('picker.loading') : t('picker.none')}
      options={options}
      onChange={(sn: string | undefined) => {
        const row = rows.find((r) => r.sn === sn) ?? (chosen?.sn === sn ? chosen : undefined);
        setChosen(row);
        onChange?.(sn, row);
      }}
      style={{ width: '100%' }}
      data-testid="cabinet-picker"
    />
  );
}
