import { useEffect, useState } from 'react';
import { Select } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { SEPARATION_MAX_DEVICES } from '@cbo/contract';
import { callKey } from '@/shared/list-page';
import { request } from '@/shared/request';
import { snsOf } from './rule-form';

/**
 * The rule's devices: up to 20 cabinet SNs, searched on the server as one types (silently: without
 * the cabinet list's permission one can still type or paste SNs), or pasted as a list. The server
 * refuses SNs that are not cabinets.
 */
export function DevicePicker({
  value,
  onChange,
  id,
}: {
  value?: string[];
  onChange?: (v: string[]) => void;
  id?: string;
}) {
  const { t } = useTranslation('separation');
  const [typed, setTyped] = useState('');
  const [search, setSearch] = useState('');
  useEffect(() => {
    const timer = setTimeout(() => setSearch(typed.trim().toUpperCase().slice(0, 17)), 300);
    return () => clearTimeout(timer);
  }, [typed]);
  const input = {
    pageNum: 1,
    pageSize: 20,
    ...(search ? { sn: search } : {}),
    orderBy: 'sn',
    order: 'ascend',
  } as const;
  const found = useQuery({
    queryKey: callKey('cabinetQueryPage', input),
    queryFn: ({ signal }) => request('cabinetQueryPage', { query: input }, { signal, silent: true }),
    staleTime: 30_000,
  });
  const picked = value ?? [];
  return (
    <Select
      id={id}
      mode="tags"
      value={picked}
      maxCount={SEPARATION_MAX_DEVICES}
      tokenSeparators={[',', ' ', ';', '\n']}
      placeholder={t('rules.devicesPlaceholder')}
      showSearch={{ filterOption: false, onSearch: setTyped, searchValue: typed }}
      loading={found.isFetching}
      options={(found.data?.list ?? []).map((c) => ({ value: c.sn, label: c.sn }))}
      onChange={(v: string[]) => onChange?.(snsOf(v.join(',')).slice(0, SEPARATION_MAX_DEVICES))}
      style={{ width: '100%' }}
      data-testid="separation-devices"
    />
  );
}
