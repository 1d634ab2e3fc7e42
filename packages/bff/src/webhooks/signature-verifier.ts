import type { SignatureHeaders } from './signature-headers.js';

/** How far a message's timestamp may be from now, either way (Standard Webhooks' default). */
export const timestampToleranceSeconds = 5 * 60;

export type VerifyOutcome = 'valid' | 'badSignature' | 'badTimestamp';

/** Verifies Standard Webhooks signatures under one or more secrets (see `createSignatureVerifier`). */
export interface SignatureVerifier {
  verify(body: string, headers: SignatureHeaders, nowMs?: number): Promise<VerifyOutcome>;
}

const encoder = new TextEncoder();

/** A `webhook-timestamp`: whole seconds since the epoch, ASCII digits and nothing else (at most 15). */
const timestampPattern = /^[0-9]{1,15}$/;

/** The HMAC key of a `whsec_` secret: the base64 after the prefix, as the Standard Webhooks libraries read it. */
function secretBytes(secret: string): Uint8Array<ArrayBuffer> {
  const encoded = secret.startsWith('whsec_') ? secret.slice(6) : secret;
  // atob (not Buffer) keeps this module runnable on edge runtimes; it throws on characters outside base64.
  const binary = atob(encoded);
  if (binary.length === 0) throw new TypeError('empty secret');
  const bytes = new Uint8Array(binary.length);
  for (let index = 0; index < binary.length; index++) bytes[index] = binary.charCodeAt(index);
  return bytes;
}

function toBase64(bytes: ArrayBuffer): string {
  const view = new Uint8Array(bytes);
  let binary = '';
  for (let index = 0; index < view.length; index++) binary += String.fromCharCode(view[index]!);
  return btoa(binary);
}

/** Compares two strings in time that depends only on their lengths, never on where they differ. */
function constantTimeEqual(a: string, b: string): boolean {
  if (a.length !== b.length) return false;
  let difference = 0;
  for (let index = 0; index < a.length; index++) difference |= a.charCodeAt(index) ^ b.charCodeAt(index);
  return difference === 0;
}

/**
 * A Standard Webhooks verifier on WebCrypto (`crypto.subtle`, in Node 20 and in edge runtimes alike).
 *
 * It decides exactly as the `standardwebhooks` library's `verify` does (the receiver's tests check both
 * on the same signatures): the timestamp within 5 minutes of now either way, then any `v1,<base64>` entry
 * of the space-separated signature header equal, compared in constant time, to the base64 HMAC-SHA256 of
 * `id.timestamp.body`. The library hashes in JavaScript, about twenty times slower than the platform's
 * HMAC on the service's 300 KB messages, which made verification a receiver's largest cost in a backfill.
 * Each secret's key is imported once; the HMAC is computed once per secret and request.
 */
export function createSignatureVerifier(secrets: readonly string[]): SignatureVerifier {
  // Decoded now, so a malformed secret fails at start-up rather than on the first message.
  const keyBytes = secrets.map(secretBytes);
  const importAll = () =>
    Promise.all(
      keyBytes.map((bytes) =>
        crypto.subtle.importKey('raw', bytes, { name: 'HMAC', hash: 'SHA-256' }, false, ['sign']),
      ),
    );
  let keys: ReturnType<typeof importAll> | undefined;
  const importKeys = () => {
    keys ??= importAll();
    return keys;
  };

  return {
    async verify(body, headers, nowMs = Date.now()) {
      // Digits only: `parseInt` (which the library uses) would read `1700000000junk` as a valid time and
      // hand the handler a timestamp that is not the one signed. A malformed header is refused as unsigned.
      const text = headers['webhook-timestamp'];
      if (!timestampPattern.test(text)) return 'badSignature';
      const timestamp = Number(text);
      const now = Math.floor(nowMs / 1000);
      if (now - timestamp > timestampToleranceSeconds || timestamp > now + timestampToleranceSeconds) {
        return 'badTimestamp';
      }
      const offered = headers['webhook-signature']
        .split(' ')
        .map((entry) => entry.split(','))
        .filter(([version]) => version === 'v1')
        .map(([, signature]) => signature ?? '');
      if (offered.length === 0) return 'badSignature';
      // The parsed number, not the header's text, as the library signs (`0123` signs as `123`).
      const signed = encoder.encode(`${headers['webhook-id']}.${timestamp}.${body}`);
      for (const key of await importKeys()) {
        const expected = toBase64(await crypto.subtle.sign('HMAC', key, signed));
        // Every offered entry is compared in full, so the time taken does not say which one matched.
        let match = false;
        for (const signature of offered) match = constantTimeEqual(signature, expected) || match;
        if (match) return 'valid';
      }
      return 'badSignature';
    },
  };
}
