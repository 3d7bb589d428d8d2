import { useCallback, useEffect, useMemo, useState } from 'react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { request } from '@/shared/request';
import { callKey } from './call-key';
import type { AppliedFilters, ListInput, PagedCall, RowOf, SortState } from './types';

export const PAGE_SIZES = [10, 20, 50, 100] as const;

export interface ListQueryOptions<K extends PagedCall> {
  listCall: K;
  /** Fixed input beside the filters (a status tab, a parent id); a change goes back to page 1. */
  params?: Partial<ListInput<K>>;
  defaultSort?: SortState;
  defaultPageSize?: number;
  initialFilters?: AppliedFilters;
  /** False holds the query (for example until a required id is known). */
  enabled?: boolean;
  /** Asks again on its own while the page's rows say something is still moving (ms, or false). */
  refetchInterval?: (rows: RowOf<K>[]) => number | false;
}

export interface ListQuery<K extends PagedCall> {
  rows: RowOf<K>[];
  total: number;
  pageNum: number;
  pageSize: number;
  sort: SortState | undefined;
  filters: AppliedFilters;
  /** The exact input of the current request. */
  input: Record<string, unknown>;
  /** First load, nothing to show yet. */
  isLoading: boolean;
  /** Any request in flight, including a page change that still shows the previous page. */
  isFetching: boolean;
  isError: boolean;
  applyFilters: (filters: AppliedFilters) => void;
  setPage: (pageNum: number, pageSize?: number) => void;
  setSort: (sort: SortState | undefined) => void;
  refresh: () => Promise<unknown>;
}

/** Sends a list call's input as its query (GET) or its JSON body (POST), as the contract says. */
export async function fetchPage<K extends PagedCall>(name: K, input: Record<string, unknown>, signal?: AbortSignal) {
  // The same lazily loaded call table the request client reads its paths from.
  const { api } = await import('@/shared/call-table');
  const payload = api[name].method === 'GET' ? { query: input } : { body: input };
  return request(name, payload as Parameters<typeof request<K>>[1], { signal });
}

/**
 * Server-side paging, sorting and filtering of one list call through TanStack Query, keyed by
 * call name and input. The previous page stays on screen while the next one loads.
 * `ListPage` uses it; a screen with its own layout can use it directly.
 */
export function useListQuery<K extends PagedCall>(opts: ListQueryOptions<K>): ListQuery<K> {
  const {
    listCall,
    params,
    defaultSort,
    defaultPageSize = PAGE_SIZES[0],
    initialFilters,
    enabled = true,
    refetchInterval,
  } = opts;
  const [filters, setFilters] = useState<AppliedFilters>(initialFilters ?? {});
  const [pageNum, setPageNum] = useState(1);
  const [pageSize, setPageSize] = useState(defaultPageSize);
  const [sort, setSortState] = useState<SortState | undefined>(defaultSort);

  // Fixed params compared by value: screens usually pass a fresh object literal each render.
  const paramsKey = JSON.stringify(params ?? {});
  const [seenParams, setSeenParams] = useState(paramsKey);
  if (seenParams !== paramsKey) {
    setSeenParams(paramsKey);
    setPageNum(1);
  }

  const input = useMemo<Record<string, unknown>>(() => {
    const fixed = JSON.parse(paramsKey) as Record<string, unknown>;
    const sorting = sort ? { orderBy: sort.orderBy, order: sort.order } : {};
    return { ...fixed, ...filters, ...sorting, pageNum, pageSize };
  }, [paramsKey, filters, sort, pageNum, pageSize]);

  const query = useQuery({
    queryKey: callKey(listCall, input),
    queryFn: ({ signal }) => fetchPage(listCall, input, signal),
    placeholderData: keepPreviousData,
    enabled,
    refetchInterval: refetchInterval
      ? (q) => refetchInterval((q.state.data as { list: RowOf<K>[] } | undefined)?.list ?? [])
      : undefined,
  });

  const page = query.data as { list: RowOf<K>[]; total: number } | undefined;
  const total = page?.total ?? 0;

  // Deleting the last row of the last page would leave an empty page: step back to the last one.
  useEffect(() => {
    if (!page || query.isPlaceholderData || page.list.length > 0 || pageNum === 1 || total === 0) return;
    setPageNum(Math.max(1, Math.ceil(total / pageSize)));
  }, [page, query.isPlaceholderData, pageNum, pageSize, total]);

  const applyFilters = useCallback((next: AppliedFilters) => {
    setFilters(next);
    setPageNum(1);
  }, []);
  const setPage = useCallback((num: number, size?: number) => {
    setPageNum(num);
    if (size !== undefined) setPageSize(size);
  }, []);
  const setSort = useCallback((next: SortState | undefined) => {
    setSortState(next);
    setPageNum(1);
  }, []);
  const { refetch } = query;
  const refresh = useCallback(() => refetch(), [refetch]);

  return {
    rows: page?.list ?? [],
    total,
    pageNum,
    pageSize,
    sort,
    filters,
    input,
    isLoading: query.isLoading,
    isFetching: query.isFetching,
    isError: query.isError,
    applyFilters,
    setPage,
    setSort,
    refresh,
  };
}
