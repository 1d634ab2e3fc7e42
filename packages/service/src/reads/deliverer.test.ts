import { randomBytes } from 'node:crypto';
import { Webhook } from 'standardwebhooks';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startWebhookReceiver, type WebhookReceiver } from '../../test/webhook-receiver.js';
import type { Destination, DestinationStore } from '../store/destination-store.js';
import { Deliverer, signingKey, signMessage } from './deliverer.js';
import { DestinationAddressPolicy, type Resolver } from './destination-address.js';
import type { Delivery, OperationStore } from './operation-store.js';
import { defaultReadTiming } from './timing.js';

describe('signMessage', () => {
  it('signs exactly as the standardwebhooks library does, and its verify accepts the result', () => {
    for (let round = 0; round < 20; round++) {
      const secret = `whsec_${randomBytes(24 + round).toString('base64')}`;
      const id = `msg_${randomBytes(8).toString('hex')}`;
      const seconds = 1_700_000_000 + round * 7_919;
      // Multi-byte characters too: the body is signed as UTF-8.
      const body = JSON.stringify({
        n: round,
        text: 'Zoë — 東京 🚀'.repeat(round * 50),
        pad: 'x'.repeat(round * 9_000),
      });
      const ours = signMessage(signingKey(secret), id, seconds, body);
      const library = new Webhook(secret);
      expect(ours).toBe(library.sign(id, new Date(seconds * 1000), body));
      const headers = { 'webhook-id': id, 'webhook-timestamp': String(seconds), 'webhook-signature': ours };
      const now = Date.now;
      try {
        Date.now = () => seconds * 1000;
        expect(library.verify(body, headers)).toEqual(JSON.parse(body));
      } finally {
        Date.now = now;
      }
    }
  });
});

/** What the deliverer recorded for one attempt. */
type Recorded = { kind: 'delivered' } | { kind: 'failed'; error: string } | { kind: 'retry'; error: string };

/** A deliverer for one destination, with stores that only record the outcome. */
function delivererFor(
  destination: Destination,
  options: { allow?: string[]; resolve?: Resolver } = {},
): { deliver(): Promise<Recorded>; streaksEnded(): number } {
  let outcome: Recorded | undefined;
  let streaksEnded = 0;
  const store = {
    markDelivered: async () => {
      outcome = { kind: 'delivered' };
    },
    markFailed: async (_delivery: Delivery, error: string) => {
      outcome = { kind: 'failed', error };
    },
    markRetry: async (_delivery: Delivery, _at: number, _first: number, error: string) => {
      outcome = { kind: 'retry', error };
    },
    park: async () => {
      throw new Error('not expected to park');
    },
  } as unknown as OperationStore;
  const destinations = {
    get: async () => destination,
    recordSuccess: async () => {
      streaksEnded++;
    },
    recordFailure: async () => false,
  } as unknown as DestinationStore;
  const deliverer = new Deliverer(store, destinations, defaultReadTiming, {
    addresses: new DestinationAddressPolicy(options.allow ?? []),
    ...(options.resolve ? { resolve: options.resolve } : {}),
  });
  const delivery: Delivery = {
    seq: 1,
    id: `msg_${randomBytes(6).toString('hex')}`,
    operationId: 'op-1',
    projectId: 'demo',
    installationId: 'inst-1',
    objectName: 'contacts',
    destinationName: destination.name,
    body: JSON.stringify({ result: [] }),
    numRecords: 0,
    attempts: 0,
    nextAttemptTime: 0,
  };
  return {
    async deliver() {
      outcome = undefined;
      await deliverer.deliver(delivery);
      return outcome!;
    },
    streaksEnded: () => streaksEnded,
  };
}

const secret = `whsec_${randomBytes(32).toString('base64')}`;
const destinationAt = (url: string, headers?: Record<string, string>): Destination => ({
  id: 'dest-1',
  projectId: 'demo',
  name: 'hook',
  type: 'webhook',
  metadata: { url, ...(headers ? { headers } : {}) },
  signingSecret: secret,
  status: 'enabled',
  createTime: new Date().toISOString(),
});

/** A resolver stub: every name resolves to `addresses`; the names asked are kept. */
function stubResolver(...addresses: string[]) {
  const asked: string[] = [];
  const resolve: Resolver = async (hostname) => {
    asked.push(hostname);
    return addresses.map((address) => ({ address, family: address.includes(':') ? 6 : 4 }));
  };
  return { asked, resolve };
}

// Every connection these tests let through goes to the loopback receiver; refused ones never connect.
describe('Deliverer: which addresses it connects to', () => {
  let receiver: WebhookReceiver;
  let port: string;
  beforeAll(async () => {
    receiver = await startWebhookReceiver(secret);
    port = new URL(receiver.url).port;
  });
  afterAll(async () => {
    await receiver.close();
  });
  beforeEach(() => {
    receiver.arrivals.length = 0;
    receiver.requests = 0;
  });

  it('delivers to a loopback receiver when loopback is allowed, by literal and by a resolved name', async () => {
    expect(await delivererFor(destinationAt(receiver.url), { allow: ['loopback'] }).deliver()).toEqual({
      kind: 'delivered',
    });
    const stub = stubResolver('127.0.0.1');
    const byName = delivererFor(destinationAt(`http://receiver.test:${port}/webhooks`), {
      allow: ['loopback'],
      resolve: stub.resolve,
    });
    expect(await byName.deliver()).toEqual({ kind: 'delivered' });
    expect(stub.asked).toEqual(['receiver.test']);
    expect(receiver.arrivals).toHaveLength(2);
  });

  it("ends a destination's failing streak with a success, and records nothing for a destination with none", async () => {
    const healthy = delivererFor(destinationAt(receiver.url), { allow: ['loopback'] });
    expect(await healthy.deliver()).toEqual({ kind: 'delivered' });
    expect(healthy.streaksEnded()).toBe(0);
    const failing = delivererFor(
      {
        ...destinationAt(receiver.url),
        failingSince: '2026-01-01T00:00:00.000Z',
        lastError: 'the receiver answered 503',
      },
      { allow: ['loopback'] },
    );
    expect(await failing.deliver()).toEqual({ kind: 'delivered' });
    expect(failing.streaksEnded()).toBe(1);
  });

  it('refuses an IP literal in a refused range without connecting', async () => {
    for (const url of [
      receiver.url,
      `http://[::ffff:127.0.0.1]:${port}/webhooks`,
      `http://localhost:${port}/`,
    ]) {
      const outcome = await delivererFor(destinationAt(url)).deliver();
      expect(outcome).toMatchObject({ kind: 'failed', error: expect.stringContaining('refused to connect') });
    }
    expect(receiver.requests).toBe(0);
  });

  it('checks the address a name resolves to when it delivers, refusing any refused one in the answer', async () => {
    const cases: Array<{ allow: string[]; addresses: string[] }> = [
      { allow: [], addresses: ['127.0.0.1'] },
      { allow: ['loopback'], addresses: ['10.1.2.3'] },
      { allow: ['loopback'], addresses: ['169.254.169.254'] },
      { allow: ['loopback'], addresses: ['::ffff:192.168.0.1'] },
      { allow: ['loopback'], addresses: ['127.0.0.1', '172.20.0.5'] },
      { allow: ['private'], addresses: ['127.0.0.1'] },
    ];
    for (const { allow, addresses } of cases) {
      const stub = stubResolver(...addresses);
      const outcome = await delivererFor(destinationAt(`http://rebound.test:${port}/webhooks`), {
        allow,
        resolve: stub.resolve,
      }).deliver();
      expect({ allow, addresses, outcome }).toMatchObject({
        allow,
        addresses,
        outcome: {
          kind: 'failed',
          error: expect.stringMatching(/refused to connect: rebound\.test: .* address/),
        },
      });
      expect(stub.asked).toEqual(['rebound.test']);
    }
    expect(receiver.requests).toBe(0);
  });

  it("sends a destination's own headers beside the signature headers, never replacing or joining them", async () => {
    const stored = destinationAt(receiver.url, {
      'X-Team': 'north',
      'Webhook-Signature': 'v1,forged',
      'svix-id': 'forged',
      'Content-Type': 'text/plain',
    });
    expect(await delivererFor(stored, { allow: ['loopback'] }).deliver()).toEqual({ kind: 'delivered' });
    const [arrival] = receiver.arrivals;
    expect(arrival?.headers['x-team']).toBe('north');
    expect(arrival?.headers['webhook-signature']).toMatch(/^v1,[A-Za-z0-9+/]+=*$/);
    expect(arrival?.headers['svix-id']).toBe(arrival?.headers['webhook-id']);
    expect(arrival?.headers['content-type']).toBe('application/json');
  });
});
