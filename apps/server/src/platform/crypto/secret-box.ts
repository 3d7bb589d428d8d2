import crypto from 'node:crypto';

/**
 * Sealing of secrets kept in the database (merchant private keys, API keys): AES-256-GCM under a key
 * from the environment (MERCHANT_SECRET_KEY). A sealed value names its key by an id (the first 8 hex
 * of the key's SHA-256), so after a rotation the previous key (MERCHANT_SECRET_KEY_PREVIOUS) still
 * opens what it sealed until everything is sealed again under the new one. The associated data binds
 * a value to where it is stored (a provider's field): a sealed value moved to another field does not open.
 *
 * Format: `v1.<keyId>.<iv>.<tag>.<ciphertext>`, the last three base64url.
 */

const VERSION = 'v1';
const IV_BYTES = 12;

/** A key as the environment gives it: 64 hex digits, or base64 of exactly 32 bytes. Null when it is neither. */
export function parseSecretKey(text: string): Buffer | null {
  const t = text.trim();
  if (/^[0-9a-fA-F]{64}$/.test(t)) return Buffer.from(t, 'hex');
  if (!/^[A-Za-z0-9+/_-]+={0,2}$/.test(t)) return null;
  const bytes = Buffer.from(t.replace(/-/g, '+').replace(/_/g, '/'), 'base64');
  return bytes.length === 32 ? bytes : null;
}

/** The id a sealed value carries of its key: not secret (a hash prefix), enough to pick the key. */
export function keyIdOf(key: Buffer): string {
  return crypto.createHash('sha256').update(key).digest('hex').slice(0, 8);
}

/** Why a sealed value did not open: no key with its id, or it was changed (or moved) after sealing. */
export class SecretBoxError extends Error {
  constructor(
    readonly reason: 'noKey' | 'unknownKey' | 'tampered' | 'malformed',
    message: string,
  ) {
    super(message);
    this.name = 'SecretBoxError';
  }
}

export class SecretBox {
  private readonly keys = new Map<string, Buffer>();
  private readonly current: { id: string; key: Buffer } | null;

  /** current: the key new values are sealed with; previous: a key that still opens older values. */
  constructor(current: Buffer | null, previous: Buffer | null = null) {
    for (const k of [current, previous]) if (k && k.length !== 32) throw new Error('a secret key must be 32 bytes');
    this.current = current ? { id: keyIdOf(current), key: current } : null;
    if (previous) this.keys.set(keyIdOf(previous), previous);
    if (current) this.keys.set(keyIdOf(current), current);
  }

  /** From the settings' text values (already validated by config.ts). */
  static fromEnv(current: string | undefined, previous: string | undefined): SecretBox {
    const parse = (v: string | undefined) => (v ? parseSecretKey(v) : null);
    return new SecretBox(parse(current), parse(previous));
  }

  /** Whether new secrets can be sealed (MERCHANT_SECRET_KEY is set). */
  get canSeal(): boolean {
    return this.current !== null;
  }

  /** The id of the key new values are sealed with; null without one. */
  get currentKeyId(): string | null {
    return this.current?.id ?? null;
  }

  seal(plain: string, context: string): string {
    if (!this.current) throw new SecretBoxError('noKey', 'no secret key is set (MERCHANT_SECRET_KEY)');
    const iv = crypto.randomBytes(IV_BYTES);
    const cipher = crypto.createCipheriv('aes-256-gcm', this.current.key, iv);
    cipher.setAAD(Buffer.from(context, 'utf8'));
    const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
    const tag = cipher.getAuthTag();
    return [VERSION, this.current.id, b64(iv), b64(tag), b64(body)].join('.');
  }

  /** The id of the key a sealed value was sealed with (without opening it). */
  static keyIdOfSealed(sealed: string): string | null {
    const parts = sealed.split('.');
    return parts.length === 5 && parts[0] === VERSION ? parts[1]! : null;
  }

  open(sealed: string, context: string): string {
    const parts = sealed.split('.');
    if (parts.length !== 5 || parts[0] !== VERSION) throw new SecretBoxError('malformed', 'not a sealed value');
    const [, id, iv, tag, body] = parts as [string, string, string, string, string];
    const key = this.keys.get(id);
    if (!key)
      throw new SecretBoxError(
        this.keys.size ? 'unknownKey' : 'noKey',
        `sealed with key ${id}, which is neither MERCHANT_SECRET_KEY nor MERCHANT_SECRET_KEY_PREVIOUS`,
      );
    try {
      const decipher = crypto.createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'), {
        authTagLength: 16, // a shortened tag is refused, not accepted as GCM would by default
      });
      decipher.setAAD(Buffer.from(context, 'utf8'));
      decipher.setAuthTag(Buffer.from(tag, 'base64url'));
      return Buffer.concat([decipher.update(Buffer.from(body, 'base64url')), decipher.final()]).toString('utf8');
    } catch {
      throw new SecretBoxError('tampered', 'the sealed value was changed or belongs elsewhere');
    }
  }

  /** Whether a sealed value should be sealed again under the current key (rotation). */
  needsReseal(sealed: string): boolean {
    return this.current !== null && SecretBox.keyIdOfSealed(sealed) !== this.current.id;
  }
}

function b64(b: Buffer): string {
  return b.toString('base64url');
}
