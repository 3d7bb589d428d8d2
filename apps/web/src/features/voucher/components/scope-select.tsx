import { request } from '@/shared/request';
import { callKey } from '@/shared/list-page';
import { SearchSelect, type PickProps } from '@/shared/search-select';

/** An agent by part of its name or mobile (the scope of an agent's voucher). */
export function AgentSelect(props: PickProps) {
  return (
    <SearchSelect
      {...props}
      queryKey={callKey('agentQueryPage')}
      search={async (keyword, signal) => {
        const page = await request('agentQueryPage', { query: { name: keyword || undefined, pageNum: 1, pageSize: 20 } }, { signal, silent: true });
        return page.list.map((a) => ({ value: a.id, label: a.name }));
      }}
    />
  );
}

/** An outlet by part of its name or code (the scope of an outlet's voucher). */
export function OutletSelect(props: PickProps) {
  return (
    <SearchSelect
      {...props}
      queryKey={callKey('outletQueryPage')}
      search={async (keyword, signal) => {
        const page = await request('outletQueryPage', { query: { name: keyword || undefined, pageNum: 1, pageSize: 20 } }, { signal, silent: true });
        return page.list.map((o) => ({ value: o.id, label: o.name }));
      }}
    />
  );
}
