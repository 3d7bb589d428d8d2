import crypto from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { keyIdOf, parseSecretKey, SecretBox, SecretBoxError } from './secret-box.js';

const keyA = crypto.randomBytes(32);
const keyB = crypto.randomBytes(32);

function reason(f: () => unknown): string | undefined {
  try {
    f();
  } catch (e) {
    return e instanceof SecretBoxError ? e.reason : `other: ${String(e)}`;
  }
  return undefined;
}

describe('SecretBox', () => {
  it('seals and opens; the sealed text holds neither the value nor the key', () => {
    const box = new SecretBox(keyA);
    const sealed = box.seal('-----BEGIN PRIVATE KEY-----abc', 'wechatpay.merchantPrivateKey');
    expect(sealed).not.toContain('BEGIN');
    expect(sealed).not.toContain(keyA.toString('base64'));
    expect(sealed.split('.')[1]).toBe(keyIdOf(keyA));
    expect(box.open(sealed, 'wechatpay.merchantPrivateKey')).toBe('-----BEGIN PRIVATE KEY-----abc');
    // two seals of one value differ (a fresh IV each time)
    expect(box.seal('x', 'c')).not.toBe(box.seal('x', 'c'));
  });

  it('refuses a changed value, a shortened tag and a value moved to another field', () => {
    const box = new SecretBox(keyA);
    const sealed = box.seal('secret value', 'alipay.appPrivateKey');
    const parts = sealed.split('.');
    const body = Buffer.from(parts[4]!, 'base64url');
    body[0] = body[0]! ^ 1;
    expect(
      reason(() => box.open([...parts.slice(0, 4), body.toString('base64url')].join('.'), 'alipay.appPrivateKey')),
    ).toBe('tampered');
    const shortTag = Buffer.from(parts[3]!, 'base64url').subarray(0, 4).toString('base64url');
    expect(
      reason(() => box.open([parts[0], parts[1], parts[2], shortTag, parts[4]].join('.'), 'alipay.appPrivateKey')),
    ).toBe('tampered');
    expect(reason(() => box.open(sealed, 'wechatpay.apiV3Key'))).toBe('tampered');
    expect(reason(() => box.open('plain text', 'alipay.appPrivateKey'))).toBe('malformed');
  });

  it('refuses a value sealed with another key, and sealing without a key', () => {
    const sealed = new SecretBox(keyA).seal('v', 'c');
    expect(reason(() => new SecretBox(keyB).open(sealed, 'c'))).toBe('unknownKey');
    // a forged key id (B's) on A's value: B's key does not open it
    const forged = sealed.replace(keyIdOf(keyA), keyIdOf(keyB));
    expect(reason(() => new SecretBox(keyB).open(forged, 'c'))).toBe('tampered');
    const none = new SecretBox(null);
    expect(none.canSeal).toBe(false);
    expect(reason(() => none.seal('v', 'c'))).toBe('noKey');
    expect(reason(() => none.open(sealed, 'c'))).toBe('noKey');
  });

  it('rotation: the previous key opens old values, new ones are sealed with the current key', () => {
    const old = new SecretBox(keyA).seal('old secret', 'c');
    const rotated = new SecretBox(keyB, keyA);
    expect(rotated.open(old, 'c')).toBe('old secret');
    expect(rotated.needsReseal(old)).toBe(true);
    const again = rotated.seal(rotated.open(old, 'c'), 'c');
    expect(rotated.needsReseal(again)).toBe(false);
    expect(SecretBox.keyIdOfSealed(again)).toBe(keyIdOf(keyB));
    // once the previous key is dropped, only the re-sealed value opens
    const after = new SecretBox(keyB);
    expect(after.open(again, 'c')).toBe('old secret');
    expect(reason(() => after.open(old, 'c'))).toBe('unknownKey');
  });

  it('reads a key as 64 hex digits or base64 of 32 bytes, nothing else', () => {
    expect(parseSecretKey(keyA.toString('hex'))?.equals(keyA)).toBe(true);
    expect(parseSecretKey(keyA.toString('base64'))?.equals(keyA)).toBe(true);
    expect(parseSecretKey(keyA.toString('base64url'))?.equals(keyA)).toBe(true);
    expect(parseSecretKey(crypto.randomBytes(16).toString('base64'))).toBeNull();
    expect(parseSecretKey(crypto.randomBytes(31).toString('hex'))).toBeNull();
    expect(parseSecretKey('not a key at all')).toBeNull();
    expect(SecretBox.fromEnv(keyA.toString('hex'), keyB.toString('base64')).currentKeyId).toBe(keyIdOf(keyA));
  });
});
