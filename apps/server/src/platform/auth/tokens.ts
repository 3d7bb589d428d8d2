import crypto from 'node:crypto';
import { hash, verify } from '@node-rs/argon2';

/** Algorithm.Argon2id; the package's enum is a const enum, which isolated modules cannot read. */
const ARGON2ID = 2;

/** Opaque random tokens; the server keeps only their SHA-256. */
export function newToken(): string {
  return crypto.randomBytes(32).toString('base64url');
}
export function sha256(value: string): string {
  return crypto.createHash('sha256').update(value).digest('hex');
}

/** argon2id with the library's defaults (19 MiB, t=2), as OWASP recommends. */
export function hashPassword(password: string): Promise<string> {
  return hash(password, { algorithm: ARGON2ID });
}
export async function verifyPassword(stored: string, password: string): Promise<boolean> {
  try {
    return await verify(stored, password);
  } catch {
    return false;
  }
}

/** A hash of nothing anyone knows, verified when the account does not exist so both paths take the same time. */
let decoy: Promise<string> | null = null;
export async function verifyDecoy(password: string): Promise<void> {
  decoy ??= hashPassword(crypto.randomBytes(16).toString('hex'));
  await verifyPassword(await decoy, password);
}

export function sixDigitCode(): string {
  return String(crypto.randomInt(0, 1_000_000)).padStart(6, '0');
}
