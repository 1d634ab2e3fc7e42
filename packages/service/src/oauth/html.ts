import { randomBytes } from 'node:crypto';

const entities: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

/** Escapes text for HTML element content and quoted attribute values. */
export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (c) => entities[c] as string);
}

/** A fresh CSP nonce for one page's inline style. */
export function cspNonce(): string {
  return randomBytes(16).toString('base64');
}

/**
 * Headers of every page the OAuth flow renders: nothing but its own nonce'd style runs, no page may frame
 * it (a framed consent button is the clickjacking attack), nothing is cached, no referrer leaks the state to another origin.
 */
export function pageHeaders(nonce: string, options: { script?: boolean } = {}): Record<string, string> {
  // A page that tells its opener how a flow ended runs its one nonce'd script; no other page runs any.
  const script = options.script ? `; script-src 'nonce-${nonce}'` : '';
  return {
    'Content-Type': 'text/html; charset=utf-8',
    'Content-Security-Policy': `default-src 'none'; style-src 'nonce-${nonce}'${script}; frame-ancestors 'none'; base-uri 'none'`,
    'X-Frame-Options': 'DENY',
    'Cache-Control': 'no-store',
    // `same-origin`, not `no-referrer`: with no-referrer the consent form's own POST carries `Origin: null`,
    // and the provider could no longer tell it from a post by another site. Other origins get nothing.
    'Referrer-Policy': 'same-origin',
    'X-Content-Type-Options': 'nosniff',
  };
}
