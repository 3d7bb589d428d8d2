/**
 * Message types of the live channel (a WebSocket); every message reads `{ code, data: { type, data } }`.
 * A domain's own payloads are declared in its folder (fleet/live.ts).
 */
export const LIVE_TYPES = {
  handshake: 'HAND_SHAKE_RESULT',
  pong: 'PONG',
  exportProgress: 'EXPORT_PROGRESS',
  exportResult: 'EXPORT_RESULT',
  sessionEnded: 'SESSION_ENDED',
  /** A cabinet's state changed (online, offline, register, heartbeat signal, inventory, config, stock-in). */
  deviceCabinet: 'DEVICE_CABINET',
  /** A command to a cabinet changed state (sent, acknowledged, progress, succeeded, failed, expired). */
  deviceCommand: 'DEVICE_COMMAND',
} as const;
export type LiveType = (typeof LIVE_TYPES)[keyof typeof LIVE_TYPES];

export interface LiveMessage<T = unknown> {
  code: number;
  data: { type: LiveType; data: T };
}

/** The console pings every 30 s after a pong and reconnects 5 s after a close. */
export const LIVE_PING_MS = 30_000;
export const LIVE_RECONNECT_MS = 5_000;
export const LIVE_PATH = '/ws';

/** EXPORT_PROGRESS: an export's percentage as the export list shows it. */
export interface ExportProgressData {
  id: number;
  exportSpeed: string;
}
/** EXPORT_RESULT: a finished export (fileUrl) or a failed one (fileUrl null, error set). */
export interface ExportResultData {
  id: number;
  fileName: string;
  fileUrl: string | null;
  exportSpeed?: string;
  error?: string;
}
/** SESSION_ENDED: why the session ended (100021-100023); the console shows the logged-out dialog. */
export interface SessionEndedData {
  code: number;
}
