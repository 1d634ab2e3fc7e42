/**
 * The protective headers of the demo's pages, the set a builder's own app should send with the page that
 * hosts the Splice components:
 *
 * - `Content-Security-Policy`: scripts and styles from this origin, plus the inline ones carrying this
 *   response's nonce (Vite's dev server adds an inline preamble and injects the CSS as `<style>` tags; each
 *   gets the nonce, see `cspNoncePlaceholder`); requests only to this origin (the BFF is on it);
 *   `frame-ancestors 'none'`, so no other site can frame the Connect or Uninstall buttons under a decoy
 *   (clickjacking); no plugins, no `<base>`, forms post only here.
 * - `X-Frame-Options: DENY`: the same refusal for browsers that predate `frame-ancestors`.
 * - `X-Content-Type-Options: nosniff`: a response is only ever what its type says.
 * - `Referrer-Policy: same-origin`: the pages' addresses (hash routes name installations) stay on this origin.
 *
 * A production build has no inline script, so its policy can drop the nonce from `script-src`.
 */
import { randomBytes } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';

/**
 * What Vite writes as the nonce of the tags it generates (`html.cspNonce`); each HTML response has it
 * replaced by a fresh nonce, the one its `Content-Security-Policy` names (as Vite's documentation asks).
 */
export const cspNoncePlaceholder = 'SPLICE_CSP_NONCE_PLACEHOLDER';

/** The headers every answer of the demo carries, whatever serves it; a route may set its own stricter ones. */
export const baseHeaders: Readonly<Record<string, string>> = {
  'X-Frame-Options': 'DENY',
  'X-Content-Type-Options': 'nosniff',
  'Referrer-Policy': 'same-origin',
};

export function contentSecurityPolicy(nonce: string): string {
  return [
    "default-src 'self'",
    `script-src 'self' 'nonce-${nonce}'`,
    `style-src 'self' 'nonce-${nonce}'`,
    "img-src 'self' data:",
    "connect-src 'self'",
    "object-src 'none'",
    "base-uri 'none'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join('; ');
}

/**
 * Sets the page headers on `res` and swaps the nonce placeholder in the HTML it sends for a fresh nonce.
 * Vite answers a page with one `end(html)`; other answers (modules, CSS, images) pass through unchanged.
 */
export function protectPage(req: IncomingMessage, res: ServerResponse): void {
  // A page is never answered 304: the cached copy's nonce would not be the one this answer's policy names.
  if (req.headers.accept?.includes('text/html')) delete req.headers['if-none-match'];
  const nonce = randomBytes(16).toString('base64');
  for (const [name, value] of Object.entries(baseHeaders)) res.setHeader(name, value);
  res.setHeader('Content-Security-Policy', contentSecurityPolicy(nonce));
  const end = res.end.bind(res) as (...args: unknown[]) => ServerResponse;
  res.end = ((...args: unknown[]) => {
    const [chunk] = args;
    const type = String(res.getHeader('Content-Type') ?? '');
    if (type.startsWith('text/html') && (typeof chunk === 'string' || Buffer.isBuffer(chunk))) {
      const html = String(chunk).replaceAll(cspNoncePlaceholder, nonce);
      // The length Vite set was the placeholder's; its ETag would let a later request reuse this nonce.
      if (res.hasHeader('Content-Length')) res.setHeader('Content-Length', Buffer.byteLength(html));
      res.removeHeader('ETag');
      return end(html, ...args.slice(1));
    }
    return end(...args);
  }) as ServerResponse['end'];
}
