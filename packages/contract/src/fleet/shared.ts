import { z } from 'zod';

/** A boolean filter in a query string: 'true'/'false' (or 1/0). */
export const boolFilter = z.enum(['true', 'false', '1', '0']).transform((v) => v === 'true' || v === '1');
export const sortOrder = z.enum(['ascend', 'descend']).optional();
/** A slot number as commands and ejects name it. */
export const slotNo = z.number().int().min(1).max(48);

export const NET_MODES = ['4G', 'WIFI', 'ETH'] as const;
export type NetMode = (typeof NET_MODES)[number];
export const SLOT_FAULTS = ['motor', 'sensor', 'lock', 'comm'] as const;
export type SlotFault = (typeof SLOT_FAULTS)[number];

/** Why a cabinet went online (register; heartbeat from one marked offline) or offline (will, clean disconnect, 3 silent heartbeat intervals). */
export const ONLINE_REASONS = ['register', 'heartbeat', 'will', 'disconnect', 'heartbeatTimeout'] as const;
export type OnlineReason = (typeof ONLINE_REASONS)[number];
