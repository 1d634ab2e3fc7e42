/**
 * What "ordered per object" means with several messages in flight (`deliveryWindow`): one read's messages
 * go out a few at a time, in order, and the object's next read is delivered only after every message of
 * the one before it was answered, so a newer version of a record never arrives before an older one.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  apiKeyHeaders,
  createInstallationUrl,
  postJson,
  startTestService,
  type TestService,
} from './harness.js';
import { startWebhookReceiver, type WebhookReceiver, waitFor } from './webhook-receiver.js';

const answerMs = 60;
let service: TestService;
let receiver: WebhookReceiver;

beforeAll(async () => {
  service = await startTestService({
    emulatorCounts: { contacts: 1_500, companies: 10, deals: 10 },
    runReads: true,
    // Small messages, so one read makes dozens of them.
    readTiming: { tickMs: 50, maxMessageBytes: 20 * 1024, deliveryWindow: 4 },
  });
  receiver = await startWebhookReceiver('whsec_placeholderplaceholderplaceholder00=');
  // Every answer takes `answerMs`: the engine has several messages in flight or none at all.
  receiver.fault = () => ({ kind: 'slow', ms: answerMs });
  const destination = await postJson(
    `${service.baseUrl}/projects/demo/destinations`,
    apiKeyHeaders(service),
    {
      name: 'contactsWebhook',
      type: 'webhook',
      metadata: { url: receiver.url },
    },
  );
  expect(destination.status).toBe(201);
  receiver.secret = destination.body.secrets.signingSecret;
});
afterAll(async () => {
  await receiver.close();
  await service.dispose();
});

describe('order per object with several messages in flight', () => {
  it('sends a read a few messages at a time and the next read only after all were answered', async () => {
    const created = await postJson(createInstallationUrl(service), apiKeyHeaders(service), {
      groupRef: 'acme',
      config: {
        content: {
          provider: 'hubspot',
          read: {
            objects: {
              contacts: {
                objectName: 'contacts',
                destination: 'contactsWebhook',
                selectedFields: { email: true, firstname: true },
                backfill: { defaultPeriod: { fullHistory: true } },
              },
            },
          },
        },
      },
    });
    expect(created.status).toBe(201);
    // Queued behind the backfill: the same object, read again on demand.
    const triggered = await postJson(
      `${service.readUrl}/projects/demo/integrations/hubspot-sync/objects/contacts`,
      apiKeyHeaders(service),
      { groupRef: 'acme', mode: 'async' },
    );
    expect(triggered.status).toBe(201);
    const second: string = triggered.body.operationId;

    const byOperation = () => {
      const first = receiver.arrivals.filter((m) => m.body.operationId !== second);
      const later = receiver.arrivals.filter((m) => m.body.operationId === second);
      return { first, later };
    };
    const records = (list: typeof receiver.arrivals) =>
      new Set(list.flatMap((m) => m.body.result.map((r: { id: string }) => r.id))).size;
    await waitFor(
      async () => (records(byOperation().later) === 1_500 ? true : undefined),
      60_000,
      'the second read to arrive in full',
    );
    const { first, later } = byOperation();
    expect(records(first)).toBe(1_500);
    expect(first.length).toBeGreaterThan(10);
    expect(receiver.badSignatures).toBe(0);

    // The backfill's messages overlapped: several were in flight together (arrived within one answer time).
    const firstTimes = first.map((m) => m.receivedAt).sort((a, b) => a - b);
    const overlapping = firstTimes.some((t, i) => i > 0 && t - firstTimes[i - 1]! < answerMs / 2);
    expect(overlapping).toBe(true);
    // Never more than the window: a message that arrived less than `answerMs` before another had not been
    // answered yet when that one was sent.
    const inFlight = firstTimes.map((t) => firstTimes.filter((u) => u > t - answerMs && u <= t).length);
    expect(Math.max(...inFlight)).toBeLessThanOrEqual(4);

    // The next read began only after the last backfill message had been answered (its answer takes
    // `answerMs` after it arrived).
    const lastOfFirst = Math.max(...first.map((m) => m.receivedAt));
    const firstOfLater = Math.min(...later.map((m) => m.receivedAt));
    expect(firstOfLater - lastOfFirst).toBeGreaterThanOrEqual(answerMs - 5);
  }, 90_000);
});
