import { problemError } from '@splice/server-kit';
import { createMiddleware } from 'hono/factory';

export interface CsrfGuardOptions {
  /** Origins (scheme, host, port) whose pages may call the BFF, e.g. `https://app.example.com`. */
  allowedOrigins: readonly string[];
  /** The header every unsafe request must carry, with its value. Default `X-Requested-With: splice`. */
  header?: { name: string; value: string };
}

const safeMethods = new Set(['GET', 'HEAD', 'OPTIONS']);

function isJson(contentType: string | undefined): boolean {
  const mediaType = contentType?.split(';', 1)[0]?.trim().toLowerCase();
  return mediaType === 'application/json';
}

/**
 * CSRF defence in three layers, because the BFF acts with the user's cookie:
 * 1. Origin and Sec-Fetch-Site against an explicit allowlist, on every method (a cross-site GET could
 *    still leak data through timing or a script tag).
 * 2. A custom header on unsafe methods: a cross-origin page cannot set one without a CORS preflight,
 *    which this BFF never approves.
 * 3. JSON only on unsafe methods (415 otherwise): HTML forms cannot send `application/json`. Hono's
 *    `csrf()` checks only form content types and so lets JSON requests through unchecked.
 * A request with neither Origin nor Sec-Fetch-Site is not from a modern browser, so it cannot be a
 * forged one; it still needs the custom header and a session.
 */
export const csrfGuard = (options: CsrfGuardOptions) => {
  const allowed = new Set(options.allowedOrigins.map((origin) => new URL(origin).origin));
  const headerName = options.header?.name ?? 'X-Requested-With';
  const headerValue = options.header?.value ?? 'splice';

  return createMiddleware(async (c, next) => {
    const origin = c.req.header('Origin');
    const site = c.req.header('Sec-Fetch-Site');
    if (origin !== undefined && !allowed.has(origin)) {
      throw problemError(403, 'forbiddenOrigin', 'Requests from this origin are not allowed.');
    }
    // Without Origin (a GET), fetch metadata decides: only the same origin, or the user typing the URL.
    if (origin === undefined && site !== undefined && site !== 'same-origin' && site !== 'none') {
      throw problemError(403, 'forbiddenOrigin', 'Cross-site requests are not allowed.');
    }
    if (!safeMethods.has(c.req.method)) {
      if (c.req.header(headerName) !== headerValue) {
        throw problemError(
          403,
          'missingCsrfHeader',
          `The header "${headerName}: ${headerValue}" is required.`,
        );
      }
      if (!isJson(c.req.header('Content-Type'))) {
        throw problemError(415, 'unsupportedMediaType', {
          detail: 'Send the body as application/json.',
          headers: { 'Accept-Post': 'application/json' },
        });
      }
    }
    await next();
  });
};
