import { randomBytes } from 'node:crypto';
import { Hono } from 'hono';
import { Webhook } from 'standardwebhooks';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { NotificationPayload, WebhookMessage } from '../src/webhooks/index.js';
import { createWebhookReceiver } from '../src/webhooks/index.js';
import type { Listening } from './helpers/listen.js';
import { listen } from './helpers/listen.js';

const secret = `whsec_${randomBytes(24).toString('base64')}`;
const otherSecret = `whsec_${randomBytes(24).toString('base64')}`;

const message: WebhookMessage = {
  action: 'read',
  projectId: 'demo',
  provider: 'sandboxcrm',
  groupRef: 'acme',
  groupName: 'Acme Corp',
  installationId: 'inst-1',
  installationUpdateTime: '2026-11-22T10:00:00.000Z',
  objectName: 'contacts',
  consumerRef: 'alice',
  consumerName: 'Alice',
  operationId: 'op-1',
  readType: 'backfill',
  operationTime: '2026-11-22T10:00:01.000Z',
  result: [{ id: 'c-1', fields: { email: 'ada@example.com' }, mappedFields: { stage: 'won' }, raw: {} }],
  resultInfo: { type: 'inline', numRecords: 1 },
};

/** Signs as the service does: Standard Webhooks headers, or the same values under svix-* names. */
function signed(body: string, options: { id?: string; at?: Date; key?: string; prefix?: string } = {}) {
  const id = options.id ?? `msg_${randomBytes(8).toString('hex')}`;
  const at = options.at ?? new Date();
  const signature = new Webhook(options.key ?? secret).sign(id, at, body);
  const prefix = options.prefix ?? 'webhook';
  return {
    'content-type': 'application/json',
    [`${prefix}-id`]: id,
    [`${prefix}-timestamp`]: String(Math.floor(at.getTime() / 1000)),
    [`${prefix}-signature`]: signature,
  };
}

const received: Array<{ message: WebhookMessage; id: string }> = [];
const notifications: NotificationPayload[] = [];
let failNext = 0;
let server: Listening;

beforeAll(async () => {
  const app = new Hono().post(
    '/webhooks/splice',
    createWebhookReceiver({
      secret: [otherSecret, secret],
      onMessage: async (m, delivery) => {
        if (failNext > 0) {
          failNext -= 1;
          throw new Error('database down');
        }
        received.push({ message: m, id: delivery.id });
      },
      onNotification: (n) => {
        notifications.push(n);
      },
      onError: () => {},
      maxBodyBytes: 64 * 1024,
    }),
  );
  server = await listen(app.fetch);
});
afterAll(() => server.close());
beforeEach(() => {
  received.length = 0;
  failNext = 0;
});

const post = (body: string, headers: Record<string, string>) =>
  fetch(`${server.url}/webhooks/splice`, { method: 'POST', body, headers });

describe('the webhook receiver', () => {
  it('hands a signed notification to onNotification, not to onMessage; a forged one to neither', async () => {
    notifications.length = 0;
    const body = JSON.stringify({
      notificationType: 'connection.error',
      data: { projectId: 'demo', connectionId: 'c-1', groupRef: 'acme', errors: ['revoked'] },
    });
    const response = await post(body, signed(body));
    expect(response.status).toBe(200);
    expect(notifications).toEqual([JSON.parse(body)]);
    expect(received).toEqual([]);
    const forged = await post(body, signed(body, { key: `whsec_${randomBytes(24).toString('base64')}` }));
    expect(forged.status).toBe(401);
    const unknownType = JSON.stringify({ notificationType: 'made.up', data: {} });
    expect((await post(unknownType, signed(unknownType))).status).toBe(400);
    expect(notifications).toHaveLength(1);
  });

  it('hands a correctly signed message to onMessage, parsed and validated', async () => {
    const body = JSON.stringify(message);
    const headers = signed(body, { id: 'msg_valid' });
    const response = await post(body, headers);
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ received: true, duplicate: false });
    expect(received).toEqual([{ message, id: 'msg_valid' }]);
  });

  it('refuses a body changed after signing with a 401 problem, and calls nothing', async () => {
    const body = JSON.stringify(message);
    const headers = signed(body);
    const tampered = body.replace('ada@example.com', 'eve@example.com');
    const response = await post(tampered, headers);
    expect(response.status).toBe(401);
    expect(response.headers.get('content-type')).toContain('application/problem+json');
    const problem = (await response.json()) as { type: string; status: number };
    expect(problem).toMatchObject({ type: 'urn:problem-type:invalid-signature', status: 401 });
    expect(received).toEqual([]);
  });

  it('refuses a message signed with another secret', async () => {
    const body = JSON.stringify(message);
    const wrong = `whsec_${randomBytes(24).toString('base64')}`;
    const response = await post(body, signed(body, { key: wrong }));
    expect(response.status).toBe(401);
    expect(received).toEqual([]);
  });

  it('accepts any secret of the list, so a rotation refuses nothing in flight', async () => {
    const body = JSON.stringify(message);
    const response = await post(body, signed(body, { key: otherSecret }));
    expect(response.status).toBe(200);
    expect(received).toHaveLength(1);
  });

  it('refuses a timestamp more than 5 minutes old (a replayed capture), and one from the future', async () => {
    const body = JSON.stringify(message);
    const old = await post(body, signed(body, { at: new Date(Date.now() - 6 * 60 * 1000) }));
    expect(old.status).toBe(401);
    expect(((await old.json()) as { detail: string }).detail).toMatch(/5 minutes/);
    const future = await post(body, signed(body, { at: new Date(Date.now() + 6 * 60 * 1000) }));
    expect(future.status).toBe(401);
    // Within the tolerance it is accepted.
    const recent = await post(body, signed(body, { at: new Date(Date.now() - 4 * 60 * 1000) }));
    expect(recent.status).toBe(200);
    expect(received).toHaveLength(1);
  });

  it('refuses a request without signature headers', async () => {
    const response = await post(JSON.stringify(message), { 'content-type': 'application/json' });
    expect(response.status).toBe(401);
    expect(((await response.json()) as { detail: string }).detail).toMatch(/webhook-signature/);
  });

  it('hands a message delivered twice (same id, signed anew) to onMessage once', async () => {
    const body = JSON.stringify(message);
    const first = await post(body, signed(body, { id: 'msg_replayed' }));
    // A retry is signed again with a new timestamp but keeps its id.
    const again = await post(body, signed(body, { id: 'msg_replayed', at: new Date(Date.now() - 1000) }));
    expect(first.status).toBe(200);
    expect(again.status).toBe(200);
    expect(await again.json()).toEqual({ received: true, duplicate: true });
    expect(received).toHaveLength(1);
  });

  it('answers 500 when onMessage fails, and handles the redelivery of the same id', async () => {
    failNext = 1;
    const body = JSON.stringify(message);
    const first = await post(body, signed(body, { id: 'msg_retry' }));
    expect(first.status).toBe(500);
    expect(((await first.json()) as { retryable: boolean }).retryable).toBe(true);
    expect(received).toHaveLength(0);
    const retry = await post(body, signed(body, { id: 'msg_retry' }));
    expect(retry.status).toBe(200);
    expect(received.map((r) => r.id)).toEqual(['msg_retry']);
  });

  it('accepts svix-* headers, as receivers of the hosted service read them', async () => {
    const body = JSON.stringify(message);
    const response = await post(body, signed(body, { id: 'msg_svix', prefix: 'svix' }));
    expect(response.status).toBe(200);
    expect(received.map((r) => r.id)).toEqual(['msg_svix']);
    const tampered = await post(body.replace('acme', 'evil'), signed(body, { prefix: 'svix' }));
    expect(tampered.status).toBe(401);
  });

  it('refuses a signed body that is not a webhook message with a 400 naming the fields', async () => {
    const body = JSON.stringify({ ...message, objectName: undefined, resultInfo: { type: 'inline' } });
    const response = await post(body, signed(body));
    expect(response.status).toBe(400);
    const problem = (await response.json()) as { issues: Array<{ name: string }> };
    expect(problem.issues.map((i) => i.name).sort()).toEqual(['objectName', 'resultInfo.numRecords']);
    expect(received).toEqual([]);
  });

  it('refuses a body over the limit with 413 before verifying anything', async () => {
    const body = JSON.stringify({ ...message, result: [{ raw: { blob: 'x'.repeat(70 * 1024) } }] });
    const response = await post(body, signed(body));
    expect(response.status).toBe(413);
    expect(((await response.json()) as { detail: string }).detail).toBe(
      'The body is larger than 65,536 bytes.',
    );
    expect(received).toEqual([]);
  });

  it('refuses to start with a malformed secret', () => {
    expect(() => createWebhookReceiver({ secret: '', onMessage: () => {} })).toThrow(/secret/);
    expect(() => createWebhookReceiver({ secret: 'whsec_***', onMessage: () => {} })).toThrow(/secret/);
  });
});
