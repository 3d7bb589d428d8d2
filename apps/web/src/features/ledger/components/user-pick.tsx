import { useMemo, useState } from 'react';
import { Select } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { request } from '@/shared/request';
import { callKey } from '@/shared/list-page';

/**
 * A customer by part of the name or mobile, searched on the server once the select is opened
 * (a filter form costs no request per picker); silent, so a person who may not list users finds
 * nothing rather than an error.
 */
export function UserPick({ value, onChange, id, placeholder }: { value?: number | null; onChange?: (v: number | null) => void; id?: string; placeholder?: string }) {
  const [keyword, setKeyword] = useState('');
  const [opened, setOpened] = useState(false);
  const [picked, setPicked] = useState<{ value: number; label: string } | null>(null);
  const found = useQuery({
    queryKey: [...callKey('selectUserByType'), 'user', keyword],
    queryFn: ({ signal }) => request('selectUserByType', { query: { type: 'user', keyword: keyword || undefined, pageNum: 1, pageSize: 20 } }, { signal, silent: true }),
    enabled: opened,
    staleTime: 30_000,
  });
  const options = useMemo(() => {
    const list = (found.data?.list ?? []).map((u) => ({ value: u.id, label: u.mobile ? `${u.name} (${u.mobile})` : u.name }));
    return picked && !list.some((o) => o.value === picked.value) ? [picked, ...list] : list;
  }, [found.data, picked]);
  return (
    <Select<number>
      id={id}
      showSearch={{ filterOption: false, onSearch: setKeyword }}
      allowClear
      value={value ?? undefined}
      onOpenChange={(open) => open && setOpened(true)}
      onChange={(v) => {
        setPicked(options.find((o) => o.value === v) ?? null);
        onChange?.(v ?? null);
      }}
      options={options}
      loading={found.isFetching}
      placeholder={placeholder}
    />
  );
}
