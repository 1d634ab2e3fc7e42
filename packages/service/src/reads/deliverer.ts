/**
 * Sends one stored message to its webhook destination, signed by the Standard Webhooks scheme, and records
 * the outcome.
 *
 * - 2xx: delivered (the stored message is dropped).
 * - Network error, timeout, 408, 429 and 5xx: retried later with the same message id; 429 and 503 wait as
 *   long as `Retry-After` asks. After `retryForMs` of failures the message fails for good.
 * - Any other status: the message fails at once; the failure is recorded on its operation.
 * - Every failure extends the destination's failing streak; a streak of `disableAfterMs` disables it.
 * The signature headers go out twice: `webhook-*` (Standard Webhooks) and `svix-*`, which receivers of the
 * hosted service verify. A destination's own headers never replace or join them (reserved names are refused
 * when a destination is saved, and skipped here for rows saved before that rule).
 *
 * Only addresses the `DestinationAddressPolicy` allows are connected to: an IP literal is judged before
 * sending, a host name when it is resolved (the connection uses the address that was checked). A refused
 * address fails the message at once, with the reason recorded on its operation.
 */
import { createHmac } from 'node:crypto';
import { isReservedHeaderName } from '@splice/schema';
import { Agent, fetch } from 'undici';
import type { Destination, DestinationStore } from '../store/destination-store.js';
import { DestinationAddressPolicy, RefusedAddressError, type Resolver } from './destination-address.js';
import type { Delivery, OperationStore } from './operation-store.js';
import { backoffDelay, parkedUntil, type ReadTiming } from './timing.js';

type Outcome =
  | { kind: 'delivered' }
  | { kind: 'retry'; error: string; after?: number }
  | { kind: 'fail'; error: string };

/** `Retry-After` as milliseconds: delta-seconds or an HTTP date. */
export function retryAfterMs(value: string | null, now: number): number | undefined {
  if (!value) return undefined;
  const seconds = Number(value);
  if (Number.isFinite(seconds) && seconds >= 0) return seconds * 1000;
  const date = Date.parse(value);
  return Number.isNaN(date) ? undefined : Math.max(0, date - now);
}

/**
 * The Standard Webhooks signature of one attempt: `v1,` and the base64 HMAC-SHA256 of `id.timestamp.body`
 * under the secret's key (the bytes after `whsec_`, base64). The HMAC is node:crypto's (OpenSSL): the
 * `standardwebhooks` library computes the same value with a SHA-256 written in JavaScript, about twenty
 * times slower on 300 KB bodies, which made signing a backfill's largest cost. The library stays the
 * judge: deliverer.test.ts checks this function against its `sign`, and every test receiver and the bench
 * verify each message with its `verify`.
 */
export function signMessage(key: Buffer, id: string, timestampSeconds: number, body: string): string {
  const mac = createHmac('sha256', key).update(`${id}.${timestampSeconds}.`).update(body).digest('base64');
  return `v1,${mac}`;
}

/** The key of a `whsec_` secret, as the Standard Webhooks libraries read it. */
export function signingKey(secret: string): Buffer {
  return Buffer.from(secret.startsWith('whsec_') ? secret.slice(6) : secret, 'base64');
}

export interface DelivererOptions {
  /** Which addresses destinations may reach. Default: public addresses only. */
  addresses?: DestinationAddressPolicy;
  /** How host names are resolved. Default: the system's resolver (tests stub it). */
  resolve?: Resolver;
  /** A destination was just disabled by its failures (the service notifies `destination.webhook.disabled`). */
  onDisabled?: (destination: Destination) => Promise<void>;
}

/** The error's cause chain, outermost first (fetch wraps a connect error in `TypeError: fetch failed`). */
function causes(error: unknown): unknown[] {
  const chain: unknown[] = [];
  for (let at = error; at && chain.length < 5; at = (at as { cause?: unknown }).cause) chain.push(at);
  return chain;
}

export class Deliverer {
  readonly #keys = new Map<string, Buffer>();
  readonly #addresses: DestinationAddressPolicy;
  readonly #onDisabled: DelivererOptions['onDisabled'];
  /** Connections whose host names resolve through the policy's check (see `DestinationAddressPolicy.lookup`). */
  readonly #agent: Agent;

  constructor(
    private readonly store: OperationStore,
    private readonly destinations: DestinationStore,
    private readonly timing: ReadTiming,
    options: DelivererOptions = {},
  ) {
    this.#addresses = options.addresses ?? new DestinationAddressPolicy();
    this.#onDisabled = options.onDisabled;
    this.#agent = new Agent({ connect: { lookup: this.#addresses.lookup(options.resolve) } });
  }

  #key(secret: string): Buffer {
    let key = this.#keys.get(secret);
    if (!key) {
      if (this.#keys.size > 1_000) this.#keys.clear();
      key = signingKey(secret);
      this.#keys.set(secret, key);
    }
    return key;
  }

  /** The headers of one attempt: a fresh timestamp and signature, the message's own id. */
  headers(
    destination: Destination & { signingSecret: string },
    delivery: Delivery,
    now: number,
  ): Record<string, string> {
    const timestamp = Math.floor(now / 1000);
    const signature = signMessage(
      this.#key(destination.signingSecret),
      delivery.id,
      timestamp,
      delivery.body,
    );
    const own = Object.entries(destination.metadata.headers ?? {}).filter(
      ([name]) => !isReservedHeaderName(name),
    );
    return {
      ...Object.fromEntries(own),
      'content-type': 'application/json',
      'user-agent': 'splice-service',
      'webhook-id': delivery.id,
      'webhook-timestamp': String(timestamp),
      'webhook-signature': signature,
      'svix-id': delivery.id,
      'svix-timestamp': String(timestamp),
      'svix-signature': signature,
    };
  }

  async #send(destination: Destination, delivery: Delivery): Promise<Outcome> {
    const now = this.timing.now();
    const { signingSecret } = destination;
    if (signingSecret === undefined) {
      return {
        kind: 'fail',
        error:
          'the signing secret was sealed under another key (SPLICE_SECRET_KEY changed): rotate the secret to deliver again',
      };
    }
    // A host that is an IP literal is never resolved, so the lookup's check would not see it.
    const refused = this.#addresses.urlRefusal(destination.metadata.url);
    if (refused) return { kind: 'fail', error: `refused to connect: ${refused}` };
    try {
      const response = await fetch(destination.metadata.url, {
        method: 'POST',
        headers: this.headers({ ...destination, signingSecret }, delivery, now),
        body: delivery.body,
        redirect: 'manual',
        signal: AbortSignal.timeout(this.timing.deliveryTimeoutMs),
        dispatcher: this.#agent,
      });
      // The answer's body is read to the end (under the same deadline) so the connection can be reused.
      await response.arrayBuffer();
      const status = response.status;
      if (status >= 200 && status < 300) return { kind: 'delivered' };
      const error = `the receiver answered ${status}`;
      if (status === 408 || status === 429 || status >= 500) {
        const after = retryAfterMs(response.headers.get('retry-after'), this.timing.now());
        return { kind: 'retry', error, ...(after === undefined ? {} : { after }) };
      }
      return { kind: 'fail', error };
    } catch (error) {
      const refusal = causes(error).find((e) => e instanceof RefusedAddressError);
      if (refusal) return { kind: 'fail', error: `refused to connect: ${(refusal as Error).message}` };
      const cause = (error as { cause?: { code?: string } }).cause?.code;
      const name = (error as Error).name;
      const reason =
        name === 'TimeoutError'
          ? `no answer within ${this.timing.deliveryTimeoutMs} ms`
          : `${cause ?? name}: ${(error as Error).message}`;
      return { kind: 'retry', error: `could not deliver (${reason})` };
    }
  }

  /** Attempts one message and records what happened. */
  async deliver(delivery: Delivery): Promise<void> {
    const now = this.timing.now();
    const destination = await this.destinations.get(delivery.projectId, delivery.destinationName);
    if (!destination) {
      await this.store.park(
        delivery,
        parkedUntil(this.timing, now),
        `the destination "${delivery.destinationName}" does not exist: create it to receive these records`,
      );
      return;
    }
    if (destination.status === 'disabled') {
      await this.store.park(
        delivery,
        parkedUntil(this.timing, now),
        destination.disabledReason ?? 'destination disabled',
      );
      return;
    }
    const outcome = await this.#send(destination, delivery);
    const doneTime = this.timing.now();
    const iso = new Date(doneTime).toISOString();
    if (outcome.kind === 'delivered') {
      await this.store.markDelivered(delivery, iso);
      // A failing streak ends with this success. Read with the message, the destination says whether it has
      // one: a statement per delivered message would be spent on nothing almost always. (A streak another
      // instance begins during this send ends at the next success.)
      if (destination.failingSince) await this.destinations.recordSuccess(destination.id);
      return;
    }
    const disabled = await this.destinations.recordFailure(
      destination.id,
      outcome.error,
      doneTime,
      this.timing.disableAfterMs,
    );
    if (disabled) await this.#onDisabled?.(destination);
    if (outcome.kind === 'fail') {
      await this.store.markFailed(delivery, outcome.error, iso);
      return;
    }
    const first = delivery.firstAttemptTime ?? now;
    if (doneTime - first >= this.timing.retryForMs) {
      await this.store.markFailed(
        delivery,
        `gave up after ${delivery.attempts + 1} attempts since ${new Date(first).toISOString()}: ${outcome.error}`,
        iso,
      );
      return;
    }
    const delay = Math.min(
      this.timing.retryMaxMs,
      outcome.after ?? backoffDelay(this.timing, delivery.attempts + 1),
    );
    await this.store.markRetry(delivery, doneTime + delay, first, outcome.error);
  }
}
