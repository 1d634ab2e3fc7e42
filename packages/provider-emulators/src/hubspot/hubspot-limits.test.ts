/**
 * What the emulator does to a client that misbehaves or meets a bad day: no or revoked token, the per-account
 * rate limit with HubSpot's headers, and the injected faults (errors and latency).
 */
import { Client } from '@hubspot/api-client';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { noFaults } from '../faults/faults.js';
import { type RunningHubSpotEmulator, startHubSpotEmulator } from './start.js';

let emulator: RunningHubSpotEmulator;

beforeAll(async () => {
  emulator = await startHubSpotEmulator({ counts: { contacts: 20, companies: 5, deals: 5 } });
});
afterAll(() => emulator.close());
beforeEach(() => {
  Object.assign(emulator.faults, noFaults);
});

const get = (path: string, accessToken?: string) =>
  fetch(`${emulator.url}${path}`, accessToken ? { headers: { authorization: `Bearer ${accessToken}` } } : {});

describe('authentication', () => {
  it('answers 401 in HubSpot shape without a bearer token, and with a revoked one', async () => {
    const missing = await get('/crm/v3/objects/contacts');
    expect(missing.status).toBe(401);
    expect(await missing.json()).toMatchObject({ status: 'error', category: 'INVALID_AUTHENTICATION' });

    const { accessToken } = emulator.issueTokens();
    expect((await get('/crm/v3/objects/contacts', accessToken)).status).toBe(200);
    expect(emulator.revokeGrant(accessToken)).toBe(true);
    expect((await get('/crm/v3/objects/contacts', accessToken)).status).toBe(401);
  });

  it('answers 404 OBJECT_NOT_FOUND with a correlation id for a missing record', async () => {
    const answer = await get('/crm/v3/objects/contacts/424242', emulator.issueTokens().accessToken);
    expect(answer.status).toBe(404);
    const body = (await answer.json()) as { correlationId: string; category: string };
    expect(body.category).toBe('OBJECT_NOT_FOUND');
    expect(body.correlationId).toMatch(/^[0-9a-f-]{36}$/);
  });
});

describe('request bodies', () => {
  it('answers 400 "Invalid input JSON" for a body that is not JSON, and reads one that is', async () => {
    const { accessToken } = emulator.issueTokens();
    const search = (body: string) =>
      fetch(`${emulator.url}/crm/v3/objects/contacts/search`, {
        method: 'POST',
        headers: { authorization: `Bearer ${accessToken}`, 'content-type': 'application/json' },
        body,
      });
    const broken = await search('{"limit": 2,');
    expect(broken.status).toBe(400);
    expect(await broken.json()).toMatchObject({
      category: 'VALIDATION_ERROR',
      message: expect.stringContaining('Invalid input JSON'),
    });
    const read = await search(JSON.stringify({ limit: 2 }));
    expect(read.status).toBe(200);
    expect(((await read.json()) as { results: unknown[] }).results).toHaveLength(2);
  });
});

describe('rate limit', () => {
  // A fresh emulator each, so that no earlier call already sits in the account's window.
  let limited: RunningHubSpotEmulator;
  beforeEach(async () => {
    limited = await startHubSpotEmulator({
      counts: { contacts: 2, companies: 1, deals: 1 },
      rateLimit: { max: 3, intervalMs: 60_000 },
    });
  });
  afterEach(() => limited.close());
  const getLimited = (path: string, accessToken: string) =>
    fetch(`${limited.url}${path}`, { headers: { authorization: `Bearer ${accessToken}` } });

  it('counts down in the headers and answers 429 RATE_LIMIT past the limit, per account', async () => {
    const token = limited.issueTokens().accessToken;
    const remaining: string[] = [];
    for (let i = 0; i < 3; i++) {
      const answer = await getLimited('/crm/v3/objects/deals', token);
      expect(answer.status).toBe(200);
      expect(answer.headers.get('x-hubspot-ratelimit-max')).toBe('3');
      expect(answer.headers.get('x-hubspot-ratelimit-interval-milliseconds')).toBe('60000');
      remaining.push(answer.headers.get('x-hubspot-ratelimit-remaining')!);
    }
    expect(remaining).toEqual(['2', '1', '0']);
    // Another grant of the same app on the same account shares the window.
    const refused = await getLimited('/crm/v3/objects/deals', limited.issueTokens().accessToken);
    expect(refused.status).toBe(429);
    expect(refused.headers.get('x-hubspot-ratelimit-remaining')).toBe('0');
    expect(await refused.json()).toMatchObject({
      status: 'error',
      category: 'RATE_LIMITS',
      errorType: 'RATE_LIMIT',
      policyName: 'TEN_SECONDLY_ROLLING',
    });
  });

  it("reaches HubSpot's client as a 429, also when the limit is lowered while the emulator runs", async () => {
    limited.rateLimit.max = 1;
    const client = new Client({ accessToken: limited.issueTokens().accessToken, basePath: limited.url });
    await client.crm.contacts.basicApi.getPage(1);
    await expect(client.crm.contacts.basicApi.getPage(1)).rejects.toMatchObject({ code: 429 });
  });
});

describe('faults', () => {
  it('fails every call at an error rate of 1 with the chosen status, and none at 0', async () => {
    const token = emulator.issueTokens().accessToken;
    emulator.faults.errorRate = 1;
    emulator.faults.errorStatus = 503;
    const failed = await get('/crm/v3/objects/companies', token);
    expect(failed.status).toBe(503);
    expect(await failed.json()).toMatchObject({ status: 'error', category: 'INTERNAL_ERROR' });
    emulator.faults.errorRate = 0;
    expect((await get('/crm/v3/objects/companies', token)).status).toBe(200);
  });

  it('fails about the chosen share of calls', async () => {
    const token = emulator.issueTokens().accessToken;
    emulator.faults.errorRate = 0.5;
    const statuses = await Promise.all(
      Array.from({ length: 40 }, () => get('/crm/v3/objects/companies', token)),
    );
    const failures = statuses.filter((answer) => answer.status === 502).length;
    expect(failures).toBeGreaterThan(5);
    expect(failures).toBeLessThan(35);
  });

  it('adds the chosen latency', async () => {
    const token = emulator.issueTokens().accessToken;
    emulator.faults.latencyMs = 300;
    const started = performance.now();
    expect((await get('/crm/v3/objects/companies', token)).status).toBe(200);
    expect(performance.now() - started).toBeGreaterThanOrEqual(300);
  });

  it('resets the connection without an answer while the reset rate is 1, and answers again at 0', async () => {
    const token = emulator.issueTokens().accessToken;
    emulator.faults.resetRate = 1;
    const reset = await get('/crm/v3/objects/contacts', token).then(
      () => undefined,
      (error: unknown) => error,
    );
    expect(reset).toBeInstanceOf(TypeError);
    expect(String((reset as { cause?: unknown }).cause)).toMatch(/closed|reset|socket/i);
    emulator.faults.resetRate = 0;
    expect((await get('/crm/v3/objects/contacts', token)).status).toBe(200);
  });
});
