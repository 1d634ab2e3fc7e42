import { createMiddleware } from 'hono/factory';
import { secureHeaders } from 'hono/secure-headers';

/**
 * Headers for JSON API answers: hono's secure headers with a CSP that allows nothing (an API answer is
 * never a document to render), `Cache-Control: no-store` (answers are per user and may hold personal
 * data), and no `X-Powered-By` even if a host framework added one.
 */
export const apiHeaders = () => {
  const secure = secureHeaders({
    contentSecurityPolicy: { defaultSrc: ["'none'"], frameAncestors: ["'none'"] },
    crossOriginResourcePolicy: 'same-origin',
    referrerPolicy: 'no-referrer',
  });
  return createMiddleware(async (c, next) => {
    await secure(c, async () => {
      await next();
      c.res.headers.set('Cache-Control', 'no-store');
      c.res.headers.delete('X-Powered-By');
    });
  });
};
