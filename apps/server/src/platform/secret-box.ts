import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';

/**
 * Secrets the server must read again (HMAC needs the secret itself, so hashing is no option)
 * are sealed with AES-256-GCM: `v1.<key id>.<iv>.<tag>.<ciphertext>` (base64url parts). The key
 * id (first 8 hex of the key's SHA-256) tells a secret sealed under another key apart from a
 * damaged one; the additional data binds a sealed value to its row (a sealed secret copied onto
 * another key does not open).
 */
export class SecretBox {
  readonly keyId: string;

  constructor(private readonly key: Buffer) {
    if (key.length !== 32) throw new Error('the secrets key must be 32 bytes');
    this.keyId = keyIdOf(key);
  }

  seal(plain: string, aad: string): string {
    const iv = randomBytes(12);
    const cipher = createCipheriv('aes-256-gcm', this.key, iv);
    cipher.setAAD(Buffer.from(aad, 'utf8'));
    const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
    const parts = [iv, cipher.getAuthTag(), body].map((b) => b.toString('base64url'));
    return ['v1', this.keyId, ...parts].join('.');
  }

  /** The plain text, or null when it was sealed under another key, for other data, or is damaged. */
  open(sealed: string, aad: string): string | null {
    const [version, keyId, iv, tag, body] = sealed.split('.');
    if (version !== 'v1' || keyId !== this.keyId || !iv || !tag || body === undefined) return null;
    try {
      const decipher = createDecipheriv('aes-256-gcm', this.key, Buffer.from(iv, 'base64url'));
      decipher.setAAD(Buffer.from(aad, 'utf8'));
      decipher.setAuthTag(Buffer.from(tag, 'base64url'));
      return Buffer.concat([decipher.update(Buffer.from(body, 'base64url')), decipher.final()]).toString(
        'utf8',
      );
    } catch {
      return null;
    }
  }
}

export const keyIdOf = (key: Buffer) => createHash('sha256').update(key).digest('hex').slice(0, 8);

/** SECRETS_KEY as 64 hex digits or base64/base64url of 32 bytes; undefined when it is neither. */
export function parseSecretsKey(text: string): Buffer | undefined {
  const trimmed = text.trim();
  if (/^[0-9a-fA-F]{64}$/.test(trimmed)) return Buffer.from(trimmed, 'hex');
  if (/^[A-Za-z0-9+/_-]{43}=?$/.test(trimmed)) {
    const bytes = Buffer.from(trimmed.replace(/-/g, '+').replace(/_/g, '/'), 'base64');
    if (bytes.length === 32) return bytes;
  }
  return undefined;
}

/** A fresh key, written as SECRETS_KEY would be (base64url). */
export const newSecretsKey = () => randomBytes(32).toString('base64url');
