import { IncomingMessage, ServerResponse } from 'node:http';
import type { Context } from 'hono';

/**
 * The Node request and response behind a Hono request, when `@hono/node-server` serves it (it passes
 * them as `c.env.incoming` / `c.env.outgoing`). Its `c.req.raw` is a lightweight stand-in that builds a
 * whole WHATWG Request, with an AbortSignal and a web stream over the body, the first time anything
 * beyond method, URL and headers is read: measured, that was about a tenth of the BFF's CPU per proxied
 * search. Reading the body and the disconnect from the Node objects skips it. Any other adapter (or a
 * host that already read the body) gets undefined, and the callers use the standard Request instead.
 */
export interface NodeExchange {
  incoming: IncomingMessage;
  outgoing: ServerResponse;
}

export function nodeExchange(c: Context): NodeExchange | undefined {
  const env = c.env as { incoming?: unknown; outgoing?: unknown } | undefined;
  const incoming = env?.incoming;
  const outgoing = env?.outgoing;
  if (!(incoming instanceof IncomingMessage) || !(outgoing instanceof ServerResponse)) return undefined;
  return { incoming, outgoing };
}

/**
 * Whether the browser has gone away: the connection closed before the answer was sent (what
 * `@hono/node-server` aborts its request's signal on), or the request stream failed.
 */
function nodeClientGone({ incoming, outgoing }: NodeExchange): boolean {
  return incoming.errored !== null || (outgoing.destroyed && !outgoing.writableFinished);
}

/** Whether the browser that sent this request has gone away (closed the connection, navigated away). */
export function clientGone(c: Context): boolean {
  const node = nodeExchange(c);
  return node ? nodeClientGone(node) : c.req.raw.signal.aborted;
}

/**
 * Calls `onGone` once if the browser goes away (at once if it already has); the returned function stops
 * listening. On Node, a listener on the response's `close`, the event `@hono/node-server` uses itself.
 */
export function onClientGone(c: Context, onGone: (reason: unknown) => void): () => void {
  const node = nodeExchange(c);
  if (!node) {
    const signal = c.req.raw.signal;
    if (signal.aborted) {
      onGone(signal.reason);
      return () => {};
    }
    const listener = () => onGone(signal.reason);
    signal.addEventListener('abort', listener, { once: true });
    return () => signal.removeEventListener('abort', listener);
  }
  const reason = () => new Error('Client connection prematurely closed.');
  if (nodeClientGone(node)) {
    onGone(reason());
    return () => {};
  }
  const { outgoing } = node;
  const listener = () => {
    if (nodeClientGone(node)) onGone(reason());
  };
  outgoing.once('close', listener);
  return () => outgoing.removeListener('close', listener);
}
