import { useEffect, useRef } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { LIVE_TYPES, type CabinetItem, type DeviceCabinetData, type DeviceCommandData, type PageResult } from '@cbo/contract';
import { callKey } from '@/shared/list-page';
import { subscribeLive } from '@/shared/live';

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

/**
 * Keeps every cached page of the cabinet list current: a row on screen is replaced by the one a
 * DEVICE_CABINET message carries, so online state, signal and slots change without a refresh.
 * A cabinet not on the page is not added (filters and order are the server's to apply).
 */
export function useLiveCabinetRows(): void {
  const queryClient = useQueryClient();
  useCabinetLive(({ cabinet }) => {
    queryClient.setQueriesData<PageResult<CabinetItem>>({ queryKey: callKey('cabinetQueryPage') }, (old) =>
      old && old.list.some((r) => r.sn === cabinet.sn) ? { ...old, list: old.list.map((r) => (r.sn === cabinet.sn ? cabinet : r)) } : old,
    );
  });
}
