import { problemError } from '@splice/server-kit';
import { createMiddleware } from 'hono/factory';
import type { BffEnv } from '../../env.js';
import { Abort } from '../../upstream/abort.js';
import { onClientGone } from '../node-exchange/index.js';

export interface DeadlineOptions {
  /** Longest a request may take, in milliseconds. */
  ms: number;
  /** How long aborted work may take to wind down before the 504 leaves anyway. Default 1,000 ms. */
  graceMs?: number;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms).unref?.());

/**
 * A deadline for the whole request. Unlike `hono/timeout`, it also stops the work: `c.var.abort` is
 * handed to every upstream call, so a late request really stops talking to the service. It also aborts
 * when the browser disconnects.
 */
export const deadline = (options: DeadlineOptions) =>
  createMiddleware<BffEnv>(async (c, next) => {
    // Aborted by the deadline below, or by the browser's disconnect.
    const abort = new Abort();
    const dispose = onClientGone(c, (reason) => abort.abort(reason));
    c.set('abort', abort);
    let timer: ReturnType<typeof setTimeout> | undefined;
    const expired = new Promise<'expired'>((resolve) => {
      timer = setTimeout(() => resolve('expired'), options.ms);
    });
    const work = next();
    try {
      const outcome = await Promise.race([work.then(() => 'done' as const), expired]);
      if (outcome === 'done') return;
    } finally {
      clearTimeout(timer);
      dispose();
    }
    abort.abort(new Error('request deadline'));
    // Wait for the aborted work to settle: until it has, its error handling could still replace the
    // response this middleware sends. Work that ignores the signal gets a short grace, then is left.
    await Promise.race([work.catch(() => {}), sleep(options.graceMs ?? 1_000)]);
    throw problemError(504, 'deadlineExceeded', {
      detail: 'The request took too long. Try again in a moment.',
    });
  });
