import type { CabinetItem, SlotItem } from './cabinet.js';
import type { CommandItem } from './command.js';

/** What changed on a cabinet (DEVICE_CABINET). */
export const DEVICE_CABINET_CHANGES = [
  'stockIn',
  'register',
  'online',
  'offline',
  'heartbeat',
  'inventory',
  'config',
  'firmware',
] as const;
export type DeviceCabinetChange = (typeof DEVICE_CABINET_CHANGES)[number];
/**
 * DEVICE_CABINET: the cabinet's list row as it is now; `slots` only when the slots changed
 * (inventory, events). Sent to every console whose account may see the cabinet list.
 */
export interface DeviceCabinetData {
  change: DeviceCabinetChange;
  cabinet: CabinetItem;
  slots?: SlotItem[];
}
/** DEVICE_COMMAND: the command row as it is now (the forced-eject record and firmware batch follow it). */
export type DeviceCommandData = CommandItem;
