import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';

const VERSION = 'v1';
const keys = new Map<string, Buffer>();

/** A key for district credentials only, derived from the server secret (HKDF-SHA-256). */
function keyFrom(secret: string) {
  let key = keys.get(secret);
  if (!key) {
    key = Buffer.from(hkdfSync('sha256', Buffer.from(secret, 'utf8'), Buffer.from('high5'), Buffer.from('district-credentials'), 32));
    keys.set(secret, key);
  }
  return key;
}

/**
 * Encrypts a district's SIS credentials with AES-256-GCM. The district id is bound in as
 * additional data, so a ciphertext copied to another district's row does not decrypt.
 * Result: `v1.<iv>.<tag>.<ciphertext>`, each part base64url.
 */
export function encryptCredentials(secret: string, districtId: string, credentials: Record<string, string>) {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', keyFrom(secret), iv);
  cipher.setAAD(Buffer.from(`district:${districtId}`));
  const ciphertext = Buffer.concat([cipher.update(JSON.stringify(credentials), 'utf8'), cipher.final()]);
  return [VERSION, iv.toString('base64url'), cipher.getAuthTag().toString('base64url'), ciphertext.toString('base64url')].join('.');
}

/** The credentials back, for the SIS integration; throws when the value was tampered with. */
export function decryptCredentials(secret: string, districtId: string, value: string): Record<string, string> {
  const [version, iv, tag, ciphertext] = value.split('.');
  if (version !== VERSION || !iv || !tag || !ciphertext) throw new Error('unknown credentials format');
  const decipher = createDecipheriv('aes-256-gcm', keyFrom(secret), Buffer.from(iv, 'base64url'));
  decipher.setAAD(Buffer.from(`district:${districtId}`));
  decipher.setAuthTag(Buffer.from(tag, 'base64url'));
  const plaintext = Buffer.concat([decipher.update(Buffer.from(ciphertext, 'base64url')), decipher.final()]);
  return JSON.parse(plaintext.toString('utf8')) as Record<string, string>;
}
