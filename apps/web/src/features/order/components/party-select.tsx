import { request } from '@/shared/request';
import { callKey } from '@/shared/list-page';
import { SearchSelect, type PickProps } from '@/shared/search-select';

export { UserSelect } from '@/shared/search-select';

/** An outlet by part of its name or code. */
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
