import { randomBytes } from 'node:crypto';
import { Hono } from 'hono';
import { Webhook } from 'standardwebhooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { WebhookMessage } from '../../src/webhooks/index.js';
import { createWebhookReceiver } from '../../src/webhooks/index.js';
import type { Listening } from '../helpers/listen.js';
import { listen } from '../helpers/listen.js';

/**
 * The receiver (`@splice/bff/webhooks`) with messages shaped as the hosted webhook description allows:
 * optional members absent (no `operationId`, `readType`, `operationTime`, `result`), members the
 * embedded service never sends (`workspace`, `rawObjectName`, subscribe events, associations), records
 * fetched from a URL. Each is taken (200) and handed to `onMessage` with its extra members kept.
 */

const secret = `whsec_${randomBytes(24).toString('base64')}`;
const received: WebhookMessage[] = [];
let server: Listening;

beforeAll(async () => {
  const app = new Hono().post(
    '/hooks',
    createWebhookReceiver({ secret, onMessage: (m) => void received.push(m) }),
  );
  server = await listen(app.fetch);
});
afterAll(async () => {
  await server.close();
});

function deliver(message: unknown) {
  const body = JSON.stringify(message);
  const id = `msg_${randomBytes(8).toString('hex')}`;
  const at = new Date();
  return fetch(`${server.url}/hooks`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      'webhook-id': id,
      'webhook-timestamp': String(Math.floor(at.getTime() / 1000)),
      'webhook-signature': new Webhook(secret).sign(id, at, body),
    },
    body,
  });
}

const required = {
  action: 'read',
  projectId: 'proj-1',
  provider: 'northwind',
  groupRef: 'acme',
  groupName: 'Acme Rockets',
  installationId: 'inst-nw-1',
  installationUpdateTime: '2026-10-30T08:15:00.123456Z',
  objectName: 'companies',
  consumerRef: 'alice',
  consumerName: 'Alice A.',
};

describe('the webhook receiver with hosted messages', () => {
  it('takes a subscribe event without operation or read type, keeping the members it does not name', async () => {
    const message = {
      ...required,
      action: 'subscribe',
      workspace: 'nw-workspace-9',
      rawObjectName: 'account',
      resultInfo: { type: 'inline', numRecords: 1 },
      result: [
        {
          subscribeEventType: 'update',
          providerEventType: 'account.updated',
          fieldsUpdated: ['tier'],
          fields: { tier: 'gold' },
          associations: { contacts: [{ id: 'P-1', raw: {} }] },
          rawEvent: { kind: 'update' },
        },
      ],
    };
    const response = await deliver(message);
    expect(response.status).toBe(200);
    const last = received.at(-1);
    expect(last).toMatchObject({
      action: 'subscribe',
      workspace: 'nw-workspace-9',
      rawObjectName: 'account',
    });
    expect(last).not.toHaveProperty('operationId');
    expect(last?.result?.[0]).toMatchObject({ subscribeEventType: 'update', fieldsUpdated: ['tier'] });
  });

  it('takes a read whose records are to be fetched from a URL (no `result`)', async () => {
    const message = {
      ...required,
      operationId: 'op-3',
      readType: 'scheduled',
      operationTime: '2026-10-30T08:20:00Z',
      resultInfo: { type: 'url', numRecords: 5000, downloadUrl: 'https://files.example/op-3.json' },
    };
    const response = await deliver(message);
    expect(response.status).toBe(200);
    expect(received.at(-1)).toMatchObject({
      readType: 'scheduled',
      resultInfo: { type: 'url', numRecords: 5000, downloadUrl: 'https://files.example/op-3.json' },
    });
  });

  it('refuses a message without a member the description requires (400), handing nothing on', async () => {
    const before = received.length;
    const { consumerName: _, ...withoutConsumerName } = required;
    const response = await deliver({ ...withoutConsumerName, resultInfo: { type: 'inline', numRecords: 0 } });
    expect(response.status).toBe(400);
    expect(received).toHaveLength(before);
  });
});
