import { problemError } from '@splice/server-kit';
import type { Context } from 'hono';
import { createMiddleware } from 'hono/factory';
import type { Abort } from '../../upstream/abort.js';
import { fromStore } from '../store-unavailable.js';
import { canonicalJson, sha256 } from './fingerprint.js';
import type { IdempotencyStore, StoredResponse } from './store.js';

export interface IdempotencyOptions {
  store: IdempotencyStore;
  /** The client's key for this request (from the `Idempotency-Key` header, validated by the route). */
  key: (c: Context) => string | undefined;
  /**
   * Whose key it is. Keys are only unique per client, so two users may pick the same one: scoping by the
   * session keeps one user from ever receiving another's answer.
   */
  scope: (c: Context) => string;
  /** How long an answer is replayed. */
  ttlMs: number;
  /** How long a claim may stay without an answer (at least the request deadline). */
  pendingTtlMs: number;
  /** How often to look again for another process's answer. Default 50 ms. */
  pollMs?: number;
}

/**
 * Answers stored for replay: decided outcomes. A 5xx or 429 leaves the outcome unknown or the request
 * unprocessed, so its key is released and the client's retry with the same key really runs.
 */
function isReplayable(status: number) {
  return status < 500 && status !== 429;
}

async function fingerprintOf(c: Context): Promise<string> {
  const body: unknown = await c.req.json().catch(() => null);
  const url = new URL(c.req.url);
  const query = [...url.searchParams.entries()].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return sha256(canonicalJson({ method: c.req.method, path: c.req.path, query, body }));
}

function replay(stored: StoredResponse): Response {
  return new Response(stored.body, {
    status: stored.status,
    headers: { ...stored.headers, 'Idempotent-Replayed': 'true' },
  });
}

function reusedKey() {
  return problemError(422, 'idempotencyKeyReused', {
    detail: 'This Idempotency-Key was already used for a different request. Use a new key for a new request.',
  });
}

/**
 * Makes a create safe to repeat: the first request with a key runs; any request with the same key and
 * the same body, at once or later, gets the first answer (`Idempotent-Replayed: true`) and creates
 * nothing; the same key with a different body is 422.
 */
export const idempotency = (options: IdempotencyOptions) => {
  // Requests of this process that hold a claim, so that concurrent repeats wait for them instead of polling.
  const leaders = new Map<string, Promise<StoredResponse | undefined>>();
  const pollMs = options.pollMs ?? 50;

  return createMiddleware(async (c, next) => {
    const clientKey = options.key(c);
    if (!clientKey)
      throw problemError(400, 'idempotencyKeyMissing', 'The Idempotency-Key header is required.');
    const key = sha256(`${options.scope(c)}\u0000${clientKey}`);
    const fingerprint = await fingerprintOf(c);
    const abort = c.get('abort') as Abort | undefined;

    for (;;) {
      const claim = await fromStore(() => options.store.claim(key, fingerprint, options.pendingTtlMs));
      if (claim.state !== 'claimed' && claim.fingerprint !== fingerprint) throw reusedKey();
      if (claim.state === 'completed') return replay(claim.response);
      if (claim.state === 'pending') {
        const leader = leaders.get(key);
        const answer = leader ? await leader : undefined;
        if (answer) return replay(answer);
        // Held by another process (or just released): look again shortly, within this request's deadline.
        if (abort?.aborted) {
          throw problemError(409, 'idempotencyKeyInFlight', {
            detail: 'A request with this Idempotency-Key is still in progress. Try again in a moment.',
            retryable: true,
          });
        }
        if (!leader) await new Promise((resolve) => setTimeout(resolve, pollMs));
        continue;
      }

      let settle: (answer: StoredResponse | undefined) => void = () => {};
      leaders.set(
        key,
        new Promise((resolve) => {
          settle = resolve;
        }),
      );
      let answer: StoredResponse | undefined;
      try {
        try {
          await next();
        } catch (error) {
          await options.store.release(key).catch(() => {});
          throw error;
        }
        answer = {
          status: c.res.status,
          headers: { 'Content-Type': c.res.headers.get('Content-Type') ?? 'application/json' },
          body: await c.res.clone().text(),
        };
        // The create has happened: if the store cannot record its answer now, the answer still goes to
        // the client (a 201 it can act on), and the claim expires after pendingTtlMs.
        if (isReplayable(answer.status)) {
          await options.store.complete(key, fingerprint, answer, options.ttlMs).catch(() => {});
        } else {
          await options.store.release(key).catch(() => {});
        }
      } finally {
        // Concurrent repeats get this answer whatever it is: they were sent as the same click.
        settle(answer);
        leaders.delete(key);
      }
      return;
    }
  });
};
