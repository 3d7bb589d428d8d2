import crypto from 'node:crypto';
import type net from 'node:net';
import type { Client } from 'aedes';
import type { CabinetService } from './cabinet.service.js';
import type { CabinetReports } from './cabinet-reports.js';
import type { DeviceLogService } from './device-log.service.js';
import { isSn } from './protocol.js';

/*
 * What the device gateway (gateway.ts) uses beside its connections: its constants, a CONNECT's
 * authentication by the embedded broker, and small helpers over a broker client.
 */

export const INTERNAL_USER = '$cbo-server';
export const SERVER_CLIENT_PREFIX = 'cbo-server-';
/** How often silent cabinets and expired commands are swept. */
export const SWEEP_MS = 1_000;
/** The MQTT port when MQTT_PORT is not set (a taken 1883 falls back to a free port). */
export const DEFAULT_MQTT_PORT = 1883;

/** Refusal reasons of the embedded broker, with the CONNACK code each answers. */
export const REFUSALS = {
  malformedSn: 5,
  unknownSn: 5,
  badSecret: 4,
  badClientId: 4,
} as const;

/** null when the CONNECT is accepted, else the refusal reason (written to the device log). */
export async function authenticateCabinet(
  who: {
    internalPassword: string;
    deviceLog: Pick<DeviceLogService, 'record'>;
    cabinets: Pick<CabinetService, 'checkSecret'>;
    reports: Pick<CabinetReports, 'exists'>;
  },
  client: Client,
  username: string | undefined,
  password: Buffer | undefined,
): Promise<keyof typeof REFUSALS | null> {
  const pass = password?.toString() ?? '';
  if (client.id.startsWith(SERVER_CLIENT_PREFIX) && username === INTERNAL_USER) {
    const want = Buffer.from(who.internalPassword);
    const got = Buffer.from(pass);
    if (want.length === got.length && crypto.timingSafeEqual(want, got)) {
      (client as Client & { cboServer?: boolean }).cboServer = true;
      return null;
    }
  }
  const sn = username ?? '';
  const refuse = async (reason: keyof typeof REFUSALS) => {
    await who.deviceLog.record({
      sn: sn || client.id || null,
      kind: 'refused',
      reason,
      address: addressOf(client),
      detail: `clientId ${client.id}`.slice(0, 255),
    });
    return reason;
  };
  if (!isSn(sn)) return refuse('malformedSn');
  if (!who.cabinets.checkSecret(sn, pass)) return refuse('badSecret');
  if (client.id !== `cab-${sn}`) return refuse('badClientId');
  if (!(await who.reports.exists(sn))) return refuse('unknownSn');
  (client as Client & { cboSn?: string }).cboSn = sn;
  return null;
}

export function isServer(client: Client): boolean {
  return (client as Client & { cboServer?: boolean }).cboServer === true;
}
export function cabinetOf(client: Client): string {
  return (client as Client & { cboSn?: string }).cboSn ?? '';
}
/** The broker endpoint (host:port) a cabinet's connection came in through, as the embedded broker saw it. */
export function endpointOf(client: Client): string | null {
  const conn = client.conn as net.Socket | undefined;
  if (!conn?.localAddress || !conn.localPort) return null;
  const host = conn.localAddress.replace(/^::ffff:/, '');
  return `${host.includes(':') ? `[${host}]` : host}:${conn.localPort}`;
}
export function addressOf(client: Client): string | null {
  const conn = client.conn as net.Socket | undefined;
  return conn?.remoteAddress ?? null;
}
export function safeJson(payload: Buffer): unknown {
  try {
    return JSON.parse(payload.toString('utf8'));
  } catch {
    return undefined;
  }
}
export function withTimeout<T>(p: Promise<T>, ms: number): Promise<T> {
  return Promise.race([p, new Promise<T>((_, reject) => setTimeout(() => reject(new Error('timed out')), ms).unref())]);
}
export function startupError(message: string): Error {
  return Object.assign(new Error(message), { startup: true });
}
export function newMessageId(): string {
  return crypto.randomUUID();
}
