import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';

/** An unguessable token (state, code, verifier, access token): 32 random bytes, base64url. */
export function randomToken(bytes = 32): string {
  return randomBytes(bytes).toString('base64url');
}

/**
 * What is stored in place of a bearer secret: its SHA-256. A leaked table row cannot be replayed, and
 * a lookup by hash is as exact as one by value (the secrets are random, so no salt is needed).
 */
export function hashSecret(secret: string): string {
  return createHash('sha256').update(secret).digest('base64url');
}

/** RFC 7636, S256: BASE64URL(SHA256(ASCII(code_verifier))). */
export function pkceChallenge(verifier: string): string {
  return createHash('sha256').update(verifier, 'ascii').digest('base64url');
}

/** RFC 7636 section 4.1: 43 to 128 characters of the unreserved set. */
export const pkceVerifierPattern = /^[A-Za-z0-9\-._~]{43,128}$/;

interface Sealed {
  v: 1;
  alg: 'A256GCM';
  iv: string;
  tag: string;
  data: string;
}

/**
 * Seals the credentials the service must be able to use again (access and refresh tokens it presents to
 * the provider), so they are never plain text at rest: AES-256-GCM with a fresh IV per value, the
 * authentication tag checked on open. A hash would not do here, since the service needs the token back.
 */
export class SecretBox {
  readonly #key: Buffer;

  constructor(key: Buffer) {
    if (key.length !== 32) throw new TypeError('SecretBox needs a 32-byte key.');
    this.#key = key;
  }

  seal(value: unknown): Sealed {
    const iv = randomBytes(12);
    const cipher = createCipheriv('aes-256-gcm', this.#key, iv);
    const data = Buffer.concat([cipher.update(JSON.stringify(value), 'utf8'), cipher.final()]);
    return {
      v: 1,
      alg: 'A256GCM',
      iv: iv.toString('base64url'),
      tag: cipher.getAuthTag().toString('base64url'),
      data: data.toString('base64url'),
    };
  }

  /** The sealed value, or undefined when it is not sealed by this key (or was tampered with). */
  open(sealed: unknown): unknown {
    const s = sealed as Partial<Sealed> | null;
    if (s?.v !== 1 || s.alg !== 'A256GCM' || !s.iv || !s.tag || !s.data) return undefined;
    try {
      const decipher = createDecipheriv('aes-256-gcm', this.#key, Buffer.from(s.iv, 'base64url'));
      decipher.setAuthTag(Buffer.from(s.tag, 'base64url'));
      const plain = Buffer.concat([decipher.update(Buffer.from(s.data, 'base64url')), decipher.final()]);
      return JSON.parse(plain.toString('utf8')) as unknown;
    } catch {
      return undefined;
    }
  }
}
