import { createHmac } from 'node:crypto';

/**
 * A cabinet's MQTT password (docs/protocol.md, "Identity and credentials"): the first 32
 * characters of base64url(HMAC-SHA256(DEVICE_SECRET, SN)). The factory flashes it; the server
 * recomputes it at CONNECT and stores none.
 */
export function cabinetSecret(deviceSecret: string, sn: string): string {
  return createHmac('sha256', deviceSecret).update(sn).digest('base64url').slice(0, 32);
}
