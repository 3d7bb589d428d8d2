import { useMemo, useState } from 'react';
import { Select } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { request } from './request';
import { callKey } from './list-page/call-key';

export interface PickProps {
  value?: number | null;
  onChange?: (v: number | null) => void;
  id?: string;
  placeholder?: string;
  /** The picked item's label when the value came from elsewhere (an address), before any search. */
  initial?: Found | null;
}

export interface Found {
  value: number;
  label: string;
}

/**
 * A select searched on the server as one types, so it works however many there are. It asks
 * nothing until it is opened (a filter form must not cost a request per picker), and a screen's
 * lookups are silent: a person without the lookup's permission simply finds nothing to pick.
 */
export function SearchSelect({
  value,
  onChange,
  id,
  placeholder,
  search,
  queryKey,
  initial,
}: PickProps & { search: (keyword: string, signal: AbortSignal) => Promise<Found[]>; queryKey: readonly unknown[] }) {
  const [keyword, setKeyword] = useState('');
  const [opened, setOpened] = useState(false);
  const [picked, setPicked] = useState<Found | null>(initial ?? null);
  const found = useQuery({
    queryKey: [...queryKey, keyword],
    queryFn: ({ signal }) => search(keyword, signal),
    enabled: opened,
    staleTime: 30_000,
  });
  const options = useMemo(() => {
    const list = found.data ?? [];
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

/** A customer (member of the rental apps) by part of the name or mobile. */
export function UserSelect(props: PickProps) {
  return (
    <SearchSelect
      {...props}
      queryKey={[...callKey('selectUserByType'), 'user']}
      search={async (keyword, signal) => {
        const page = await request(
          'selectUserByType',
          { query: { type: 'user', keyword: keyword || undefined, pageNum: 1, pageSize: 20 } },
          { signal, silent: true },
        );
        return page.list.map((u) => ({ value: u.id, label: u.mobile ? `${u.name} (${u.mobile})` : u.name }));
      }}
    />
  );
}

/** An outlet by part of its name (order, deposit and voucher filters and scopes). */
export function OutletSelect(props: PickProps) {
  return (
    <SearchSelect
      {...props}
      queryKey={callKey('outletQueryPage')}
      search={async (keyword, signal) => {
        const page = await request(
          'outletQueryPage',
          { query: { name: keyword || undefined, pageNum: 1, pageSize: 20 } },
          { signal, silent: true },
        );
        return page.list.map((o) => ({ value: o.id, label: o.name }));
      }}
    />
  );
}

/** An agent of any level by part of its name or mobile, shown with its level. */
export function AgentSelect(props: PickProps) {
  return (
    <SearchSelect
      {...props}
      queryKey={[...callKey('selectUserByType'), 'agent']}
      search={async (keyword, signal) => {
        const page = await request(
          'selectUserByType',
          { query: { type: 'agent', keyword: keyword || undefined, pageNum: 1, pageSize: 20 } },
          { signal, silent: true },
        );
        return page.list.map((a) => ({ value: a.id, label: a.level ? `${a.name} (${a.level})` : a.name }));
      }}
    />
  );
}

/** A region by part of its name (the regions are few: the list is read once and filtered here). */
export function RegionSelect(props: PickProps) {
  return (
    <SearchSelect
      {...props}
      queryKey={callKey('regionOptions')}
      search={async (keyword, signal) => {
        const all = await request('regionOptions', {}, { signal, silent: true });
        const k = keyword.trim().toLowerCase();
        return all.filter((r) => !k || r.name.toLowerCase().includes(k)).map((r) => ({ value: r.id, label: r.name }));
      }}
    />
  );
}
