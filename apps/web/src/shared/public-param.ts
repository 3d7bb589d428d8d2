import { useQuery } from '@tanstack/react-query';
import { PUBLIC_PARAMS } from '@cbo/contract';
import { request } from './request';

/**
 * Public system parameters: brand name, sidebar logo, footer message. They are
 * decoration: a missing one falls back quietly (silent calls), it never raises a toast.
 */
export type PublicParamName = keyof typeof PUBLIC_PARAMS;

export const publicParamKey = (name: PublicParamName) => ['publicParam', name] as const;

export async function fetchPublicParam(name: PublicParamName, signal?: AbortSignal): Promise<string | null> {
  const data = await request('findValueByKey', { query: PUBLIC_PARAMS[name] }, { silent: true, signal });
  return data.paramValue;
}

/** The value, or null while loading, when unset, or when the call failed. */
export function usePublicParam(name: PublicParamName): string | null {
  const { data } = useQuery({
    queryKey: publicParamKey(name),
    queryFn: ({ signal }) => fetchPublicParam(name, signal),
    // Admins change these rarely; a reload picks up a change.
    staleTime: Infinity,
  });
  return data ?? null;
}
