import crypto from 'node:crypto';
import { DRIFT_WINDOW, OFFLINE_CODE_DIGITS, RING_SIZE } from '@cbo/contract';

/**
 * The offline unlock code scheme (docs/offline-codes.md). A cable and the server share a 32-byte
 * secret. The code of ring position p for h hours is HMAC-SHA256(secret, "p:h") truncated the way
 * HOTP truncates (RFC 4226, dynamic offset), kept to 8 digits. The ring has RING_SIZE positions and
 * wraps, so a device can hold its whole table; the server counts positions without wrapping.
 */
export function codeAt(secretHex: string, position: number, hours: number): string {
  const slot = ((position % RING_SIZE) + RING_SIZE) % RING_SIZE;
  const mac = crypto.createHmac('sha256', Buffer.from(secretHex, 'hex')).update(`${slot}:${hours}`).digest();
  const offset = mac[mac.length - 1]! & 0x0f;
  const bin = ((mac[offset]! & 0x7f) << 24) | (mac[offset + 1]! << 16) | (mac[offset + 2]! << 8) | mac[offset + 3]!;
  return String(bin % 10 ** OFFLINE_CODE_DIGITS).padStart(OFFLINE_CODE_DIGITS, '0');
}

export function newSecret(): string {
  return crypto.randomBytes(32).toString('hex');
}

/**
 * What the cable does with a typed code, written once here so the server's tests and the firmware
 * follow one description: it tries the next DRIFT_WINDOW positions after the last one it accepted,
 * for every duration of its tiers. A match unlocks for that duration and moves the device to that
 * position, so the code and every earlier one are refused from then on (no reuse); positions
 * skipped (codes issued but never typed) cost nothing while fewer than DRIFT_WINDOW are skipped.
 */
export class CableDevice {
  /** The last position accepted; -1 before the first code. */
  last = -1;

  constructor(
    private readonly secretHex: string,
    private readonly hours: readonly number[],
    private readonly window = DRIFT_WINDOW,
  ) {}

  enter(code: string): { position: number; hours: number } | null {
    for (let p = this.last + 1; p <= this.last + this.window; p++) {
      for (const h of this.hours) {
        if (codeAt(this.secretHex, p, h) === code) {
          this.last = p;
          return { position: p, hours: h };
        }
      }
    }
    return null;
  }
}
