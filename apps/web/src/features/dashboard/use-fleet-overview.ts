import { useEffect, useRef } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { LIVE_TYPES, type MenuEntry } from '@cbo/contract';
import { callKey } from '@/shared/list-page';
import { subscribeLive } from '@/shared/live';
import { request } from '@/shared/request';
import { useSession } from '@/shared/session';

/** A burst of fleet messages (a fleet reconnecting) costs one re-count, this long after the first. */
export const LIVE_RECOUNT_MS = 3_000;
/** The trends move with the clock even when nothing is heard. */
const RECOUNT_EVERY_MS = 60_000;

/**
 * The fleet overview, counted again when the live channel says a cabinet or a command changed
 * (DEVICE_CABINET, DEVICE_COMMAND), at most once per LIVE_RECOUNT_MS, and every minute. A hidden
 * dashboard (another tab is open) pauses its effects, so it listens only while seen.
 */
export function useFleetOverview(enabled: boolean) {
  const queryClient = useQueryClient();
  const query = useQuery({
    queryKey: callKey('fleetOverview'),
    queryFn: ({ signal }) => request('fleetOverview', {}, { signal }),
    enabled,
    refetchInterval: RECOUNT_EVERY_MS,
  });
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => {
    if (!enabled) return;
    const recount = () => {
      if (timer.current) return;
      timer.current = setTimeout(() => {
        timer.current = undefined;
        void queryClient.invalidateQueries({ queryKey: callKey('fleetOverview') });
      }, LIVE_RECOUNT_MS);
    };
    const off = [subscribeLive(LIVE_TYPES.deviceCabinet, recount), subscribeLive(LIVE_TYPES.deviceCommand, recount)];
    return () => {
      off.forEach((f) => f());
      clearTimeout(timer.current);
      timer.current = undefined;
    };
  }, [enabled, queryClient]);
  return query;
}

/** Where the account's menu puts a screen (by its view url), or null when it holds no such menu. */
export function useScreenPath(url: string): string | null {
  const { menus } = useSession();
  return findPath(menus, url);
}

function findPath(menus: readonly MenuEntry[], url: string): string | null {
  for (const m of menus) {
    if (m.url === url && m.path) return m.path;
    const below = findPath(m.children ?? [], url);
    if (below) return below;
  }
  return null;
}
