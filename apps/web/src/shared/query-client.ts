import { QueryClient } from '@tanstack/react-query';
import { onSessionReset } from './session';

/**
 * The one query cache of the console. Failed calls are already reported to the user by the
 * request layer, so a retry would only repeat the same toast: retries are off.
 * Logout clears this cache so nothing of one account is shown to the next. The provider sits in
 * the signed-in shell (app/shell.tsx): the login screen makes no queries and its start-up bundle
 * stays without the query library.
 */
export const queryClient = new QueryClient({
  defaultOptions: {
    queries: { retry: false, refetchOnWindowFocus: false, staleTime: 30_000 },
    mutations: { retry: false },
  },
});

onSessionReset(() => queryClient.clear());
