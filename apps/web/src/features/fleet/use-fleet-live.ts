import { useCallback, useEffect, useRef, useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import {
  LIVE_TYPES,
  type CabinetDetail,
  type CabinetItem,
  type CommandItem,
  type CommandState,
  type DeviceCabinetData,
  type DeviceCommandData,
  type PageResult,
} from '@cbo/contract';
import { callKey } from '@/shared/list-page';
import { subscribeLive } from '@/shared/live';
import { request } from '@/shared/request';

/**
 * The fleet's live messages (protocol.md, "Command life on the server"): DEVICE_CABINET carries a
 * cabinet's list row as it is now (and its slots when they changed), DEVICE_COMMAND a command row.
 * The handler is kept in a ref so a screen can pass a fresh closure each render.
 */
export function useCabinetLive(handler: (data: DeviceCabinetData) => void): void {
  const ref = useRef(handler);
  useEffect(() => {
    ref.current = handler;
  });
  useEffect(() => subscribeLive<DeviceCabinetData>(LIVE_TYPES.deviceCabinet, (d) => ref.current(d)), []);
}

export function useCommandLive(handler: (data: DeviceCommandData) => void): void {
  const ref = useRef(handler);
  useEffect(() => {
    ref.current = handler;
  });
  useEffect(() => subscribeLive<DeviceCommandData>(LIVE_TYPES.deviceCommand, (d) => ref.current(d)), []);
}

/** A live message carries the binding but not the outlet's name: a row still bound keeps the name it was read with. */
function keepOutletName(old: CabinetItem, live: CabinetItem): CabinetItem {
  return live.bound && live.outletName === null ? { ...live, outletName: old.outletName } : live;
}

/**
 * Keeps every cached page of the cabinet list current: a row on screen is replaced by the one a
 * DEVICE_CABINET message carries, so online state, signal and slots change without a refresh.
 * A cabinet not on the page is not added (filters and order are the server's to apply).
 */
export function useLiveCabinetRows(): void {
  const queryClient = useQueryClient();
  useCabinetLive(({ cabinet }) => {
    queryClient.setQueriesData<PageResult<CabinetItem>>({ queryKey: callKey('cabinetQueryPage') }, (old) =>
      old && old.list.some((r) => r.sn === cabinet.sn)
        ? { ...old, list: old.list.map((r) => (r.sn === cabinet.sn ? keepOutletName(r, cabinet) : r)) }
        : old,
    );
  });
}

/** One cabinet's detail, kept current by DEVICE_CABINET (the row, and the slots when they changed). */
export function useLiveCabinetDetail(sn: string | undefined, enabled = true) {
  const queryClient = useQueryClient();
  const key = callKey('cabinetDetail', { sn });
  const query = useQuery({
    queryKey: key,
    queryFn: ({ signal }) => request('cabinetDetail', { query: { sn: sn! } }, { signal }),
    enabled: enabled && !!sn,
  });
  useCabinetLive(({ cabinet, slots }) => {
    if (!sn || cabinet.sn !== sn) return;
    queryClient.setQueryData<CabinetDetail>(key, (old) =>
      old ? { ...old, ...keepOutletName(old, cabinet), ...(slots ? { slotList: slots } : {}) } : old,
    );
  });
  return query;
}

const STATE_RANK: Record<CommandState, number> = {
  pending: 0,
  sent: 1,
  acknowledged: 2,
  succeeded: 3,
  failed: 3,
  expired: 3,
};

/**
 * The later of two views of one command: a state further on wins; at the same state the one
 * given second (a progress update). A live message may overtake the answer of the send call.
 */
export function laterCommand(a: CommandItem | undefined, b: CommandItem): CommandItem {
  if (!a) return b;
  return STATE_RANK[b.state] >= STATE_RANK[a.state] ? b : a;
}

const SEEN_MAX = 200;

/**
 * Commands a screen sent and is watching: `track` the send call's answer, `get` the command as
 * it is now. DEVICE_COMMAND messages heard before the answer arrived are kept, so a fast cabinet
 * whose ack beats the HTTP answer is not missed.
 */
export function useTrackedCommands() {
  const [byId, setById] = useState<Record<string, CommandItem>>({});
  const seen = useRef(new Map<string, CommandItem>());
  useCommandLive((cmd) => {
    const map = seen.current;
    map.set(cmd.id, laterCommand(map.get(cmd.id), cmd));
    if (map.size > SEEN_MAX) map.delete(map.keys().next().value!);
    setById((m) => (m[cmd.id] ? { ...m, [cmd.id]: laterCommand(m[cmd.id], cmd) } : m));
  });
  const track = useCallback((cmd: CommandItem) => {
    setById((m) => ({ ...m, [cmd.id]: laterCommand(seen.current.get(cmd.id), laterCommand(m[cmd.id], cmd)) }));
  }, []);
  const get = useCallback((id: string | undefined) => (id ? byId[id] : undefined), [byId]);
  return { track, get };
}
