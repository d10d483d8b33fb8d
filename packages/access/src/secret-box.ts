import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';

/**
 * AES-256-GCM under a key-encryption key, so a stored key can be revealed later.
 * Output: base64 of iv (12) | tag (16) | ciphertext.
 */
export function seal(kek: Buffer, plaintext: string, associated: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', kek, iv);
  cipher.setAAD(Buffer.from(associated));
  const body = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
  return Buffer.concat([iv, cipher.getAuthTag(), body]).toString('base64');
}

export function open(kek: Buffer, sealed: string, associated: string): string {
  const raw = Buffer.from(sealed, 'base64');
  const decipher = createDecipheriv('aes-256-gcm', kek, raw.subarray(0, 12));
  decipher.setAAD(Buffer.from(associated));
  decipher.setAuthTag(raw.subarray(12, 28));
  return Buffer.concat([decipher.update(raw.subarray(28)), decipher.final()]).toString('utf8');
}

/** A key-encryption key from configuration: 32 bytes as base64 or hex. */
export function parseKek(text: string): Buffer {
  const trimmed = text.trim();
  const buffer = /^[0-9a-f]{64}$/i.test(trimmed)
    ? Buffer.from(trimmed, 'hex')
    : Buffer.from(trimmed, 'base64');
  if (buffer.length !== 32) throw new Error('the key-encryption key must be 32 bytes, as base64 or hex');
  return buffer;
}
