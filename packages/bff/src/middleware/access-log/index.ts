import { createMiddleware } from 'hono/factory';
import type { BffEnv } from '../../env.js';
import type { BffLogger } from '../../log/log-entry.js';
import { clientGone as browserGone } from '../node-exchange/index.js';

export interface AccessLogOptions {
  /** A redacting logger (see log/redact.ts). */
  log: BffLogger;
}

/**
 * One line per request: method, path without its query string, status and duration. Headers and bodies
 * are never logged: they carry cookies, e-mail addresses and customer records.
 */
export const accessLog = (options: AccessLogOptions) =>
  createMiddleware<BffEnv>(async (c, next) => {
    const started = performance.now();
    await next();
    // 499 (nginx's "client closed request"): the browser left before the answer, nothing failed here.
    const clientGone = browserGone(c);
    const status = clientGone ? 499 : c.res.status;
    options.log({
      level: clientGone ? 'info' : status >= 500 ? 'error' : status >= 400 ? 'warn' : 'info',
      msg: 'request',
      requestId: c.get('requestId'),
      method: c.req.method,
      path: c.req.path,
      status,
      durationMs: Math.round(performance.now() - started),
    });
  });
