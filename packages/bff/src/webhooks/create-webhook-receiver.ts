import type { NotificationPayload, ProblemKind, WebhookMessage } from '@splice/schema';
import { notificationPayloadSchema, toIssues, webhookMessageSchema } from '@splice/schema';
import type { ProblemInit } from '@splice/server-kit';
import { BodyTooLargeError, ProblemError, readBoundedText, renderProblem } from '@splice/server-kit';
import type { Context } from 'hono';
import type { WebhookDedupeStore } from './dedupe-store.js';
import { MemoryWebhookDedupeStore } from './dedupe-store.js';
import { signatureHeaders } from './signature-headers.js';
import type { SignatureVerifier } from './signature-verifier.js';
import { createSignatureVerifier } from './signature-verifier.js';

/** What `onMessage` learns beside the message itself. */
export interface WebhookDelivery {
  /** The message id (`webhook-id`): the same on every retry of one message. */
  id: string;
  /** When this delivery attempt was signed (`webhook-timestamp`). */
  timestamp: Date;
  /** The Hono context of the request, for the host's own variables. */
  context: Context;
}

export interface WebhookReceiverOptions {
  /**
   * The destination's signing secret (`whsec_…`). A list accepts messages signed with any of them, so
   * a secret can be rotated without refusing messages in flight.
   */
  secret: string | readonly string[];
  /**
   * Handles one verified message. Resolve when the records are stored: the answer is sent after it, and
   * a rejection answers 500 so that the service delivers the message again (it keeps its id).
   */
  onMessage: (message: WebhookMessage, delivery: WebhookDelivery) => void | Promise<void>;
  /**
   * Handles one verified notification (`{ notificationType, data }`: an installation, connection, read,
   * write or destination event routed to this destination). Without it notifications are acknowledged
   * and dropped.
   */
  onNotification?: (notification: NotificationPayload, delivery: WebhookDelivery) => void | Promise<void>;
  /** Remembers handled message ids. Default: in memory, per process (100,000 ids). */
  store?: WebhookDedupeStore;
  /** How long a handled id is remembered. Default 48 h: longer than the service retries (a day). */
  dedupeTtlMs?: number;
  /** How long one delivery may hold an id before another delivery of it may take over. Default 60 s. */
  handlingTimeoutMs?: number;
  /** Largest body accepted. Default 1 MiB (the service sends at most 300 KB). */
  maxBodyBytes?: number;
  /** Told when `onMessage` fails (the sender is told only "500"). Default: `console.error`. */
  onError?: (error: unknown, delivery: { id: string }) => void;
}

function problem(c: Context, status: 400 | 401 | 413 | 500 | 503, kind: ProblemKind, init: ProblemInit) {
  return renderProblem(c, new ProblemError(status, kind, init));
}

function verifierOf(secret: string | readonly string[]): SignatureVerifier {
  const secrets = typeof secret === 'string' ? [secret] : [...secret];
  if (secrets.length === 0 || secrets.some((s) => typeof s !== 'string' || s.trim() === '')) {
    throw new TypeError('createWebhookReceiver: secret must be a whsec_ secret or a non-empty list of them.');
  }
  try {
    return createSignatureVerifier(secrets);
  } catch {
    throw new TypeError('createWebhookReceiver: a secret is not a valid whsec_ (base64) secret.');
  }
}

/**
 * A Hono handler that receives the service's webhook messages: it checks the Standard Webhooks
 * signature (HMAC-SHA256 by WebCrypto compared in constant time, timestamp within 5 minutes, deciding as
 * the `standardwebhooks` library does: see `createSignatureVerifier`), refuses anything else with a 401 problem, hands each message id to
 * `onMessage` once however often it is delivered, and answers the sender so that it retries exactly
 * when a retry can help.
 *
 * ```ts
 * app.post('/webhooks/splice', createWebhookReceiver({ secret, onMessage: (m) => saveRecords(m) }));
 * ```
 */
export function createWebhookReceiver(options: WebhookReceiverOptions) {
  if (typeof options.onMessage !== 'function') {
    throw new TypeError('createWebhookReceiver: onMessage is required.');
  }
  const verifier = verifierOf(options.secret);
  const store = options.store ?? new MemoryWebhookDedupeStore();
  const dedupeTtlMs = options.dedupeTtlMs ?? 48 * 60 * 60 * 1000;
  const handlingTimeoutMs = options.handlingTimeoutMs ?? 60_000;
  const maxBodyBytes = options.maxBodyBytes ?? 1024 * 1024;
  const onError = options.onError ?? ((error, { id }) => console.error(`webhook ${id} not handled:`, error));

  return async (c: Context): Promise<Response> => {
    let body: string;
    try {
      body = await readBoundedText(c.req.raw, maxBodyBytes);
    } catch (error) {
      if (error instanceof BodyTooLargeError) {
        return problem(c, 413, 'payloadTooLarge', {
          detail: `The body is larger than ${maxBodyBytes.toLocaleString('en')} bytes.`,
        });
      }
      throw error;
    }

    const headers = signatureHeaders(c.req.raw.headers);
    if (!headers) {
      return problem(c, 401, 'invalidSignature', {
        detail: 'The webhook-id, webhook-timestamp and webhook-signature headers (or svix-*) are required.',
      });
    }
    // Every secret of the list is tried; each comparison is constant-time.
    const outcome = await verifier.verify(body, headers);
    const verified = outcome === 'valid';
    const reason =
      outcome === 'badTimestamp'
        ? 'The timestamp is more than 5 minutes away from now.'
        : 'No signature matches.';
    if (!verified) return problem(c, 401, 'invalidSignature', { detail: `Signature refused. ${reason}` });

    // Signed, so it comes from the service: a malformed message is a sender's bug that a retry repeats.
    let json: unknown;
    try {
      json = JSON.parse(body);
    } catch {
      return problem(c, 400, 'invalidMessage', { detail: 'The signed body is not JSON.' });
    }
    const isNotification = typeof json === 'object' && json !== null && 'notificationType' in json;
    const parsed = isNotification
      ? notificationPayloadSchema.safeParse(json)
      : webhookMessageSchema.safeParse(json);
    if (!parsed.success) {
      return problem(c, 400, 'invalidMessage', {
        detail: `The signed body is not a ${isNotification ? 'notification' : 'webhook message'}.`,
        issues: toIssues(parsed.error.issues, json, 'body'),
      });
    }

    const id = headers['webhook-id'];
    const claim = await store.claim(id, handlingTimeoutMs);
    if (claim === 'done') return c.json({ received: true, duplicate: true }, 200);
    if (claim === 'in_progress') {
      return problem(c, 503, 'messageInFlight', {
        detail: 'Another delivery of this message is being handled; deliver it again later.',
        retryAfterSeconds: 5,
      });
    }
    try {
      const delivery = { id, timestamp: new Date(Number(headers['webhook-timestamp']) * 1000), context: c };
      if (isNotification) await options.onNotification?.(parsed.data as NotificationPayload, delivery);
      else await options.onMessage(parsed.data as WebhookMessage, delivery);
    } catch (error) {
      await store.release(id);
      onError(error, { id });
      return problem(c, 500, 'messageNotHandled', {
        detail: 'The message could not be handled here; deliver it again later.',
        retryable: true,
      });
    }
    await store.complete(id, dedupeTtlMs);
    return c.json({ received: true, duplicate: false }, 200);
  };
}
