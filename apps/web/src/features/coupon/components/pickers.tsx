import { useMemo } from 'react';
import { Select } from 'antd';
import { useQuery } from '@tanstack/react-query';
import type { CouponSource } from '@cbo/contract';
import { request } from '@/shared/request';
import { callKey } from '@/shared/list-page';
import { SearchSelect, type PickProps } from '@/shared/search-select';

/** An agent by part of its name (an agent coupon's scope). */
export function AgentSelect(props: PickProps) {
  return (
    <SearchSelect
      {...props}
      queryKey={callKey('agentQueryPage')}
      search={async (keyword, signal) =>
        (
          await request(
            'agentQueryPage',
            { query: { name: keyword || undefined, pageNum: 1, pageSize: 20 } },
            { signal, silent: true },
          )
        ).list.map((a) => ({ value: a.id, label: a.name }))
      }
    />
  );
}

/** An outlet by part of its name (an outlet coupon's scope). */
export function OutletSelect(props: PickProps) {
  return (
    <SearchSelect
      {...props}
      queryKey={callKey('outletQueryPage')}
      search={async (keyword, signal) =>
        (
          await request(
            'outletQueryPage',
            { query: { name: keyword || undefined, pageNum: 1, pageSize: 20 } },
            { signal, silent: true },
          )
        ).list.map((o) => ({ value: o.id, label: o.name }))
      }
    />
  );
}

/**
 * An operator: a direct-sales team (the spec's "operator (direct-sales team)"), whose direct
 * outlets an operator coupon holds at. Teams are few: every one comes with the team options call.
 */
export function TeamSelect({ value, onChange, id, placeholder }: PickProps) {
  const teams = useQuery({
    queryKey: callKey('teamOptions'),
    queryFn: ({ signal }) => request('teamOptions', {}, { signal, silent: true }),
    staleTime: 30_000,
  });
  const options = useMemo(() => (teams.data ?? []).map((t) => ({ value: t.id, label: t.name })), [teams.data]);
  return (
    <Select<number>
      id={id}
      showSearch={{ optionFilterProp: 'label' }}
      allowClear
      value={value ?? undefined}
      onChange={(v) => onChange?.(v ?? null)}
      options={options}
      loading={teams.isFetching}
      placeholder={placeholder}
    />
  );
}

/** An active coupon of one source, by part of its name (the send's and the batch's coupon). */
export function CouponSelect({ source, ...props }: PickProps & { source: CouponSource }) {
  return (
    <SearchSelect
      {...props}
      queryKey={[...callKey('couponQueryPage'), source]}
      search={async (keyword, signal) =>
        (
          await request(
            'couponQueryPage',
            { query: { name: keyword || undefined, source, status: 'active', pageNum: 1, pageSize: 20 } },
            { signal, silent: true },
          )
        ).list.map((c) => ({ value: c.id, label: `${c.name} (${c.allotted}/${c.total})` }))
      }
    />
  );
}
