/**
 * A fresh Idempotency-Key. `crypto.randomUUID` needs a secure context (HTTPS or localhost), so plain-HTTP
 * intranet hosts fall back to `getRandomValues`, which has no such restriction.
 */
export function newIdempotencyKey(): string {
  const cryptoApi = globalThis.crypto;
  if (typeof cryptoApi?.randomUUID === 'function') return cryptoApi.randomUUID();
  const bytes = new Uint8Array(16);
  cryptoApi.getRandomValues(bytes);
  return Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
}
