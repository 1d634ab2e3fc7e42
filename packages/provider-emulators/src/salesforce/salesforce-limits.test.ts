/** The Salesforce emulator's API request limit and injected faults, as jsforce and a plain client meet them. */
import { Connection } from 'jsforce';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { type RunningSalesforceEmulator, startSalesforceEmulator } from './start.js';

let emulator: RunningSalesforceEmulator;
let conn: Connection;

beforeEach(async () => {
  emulator = await startSalesforceEmulator({
    counts: { contacts: 5, companies: 2, deals: 2 },
    apiLimit: { max: 3, intervalMs: 60_000 },
  });
  conn = new Connection({
    instanceUrl: emulator.url,
    accessToken: emulator.issueTokens().accessToken,
    version: '60.0',
  });
});
afterEach(() => emulator.close());

const query = () =>
  fetch(`${emulator.url}/services/data/v60.0/query?q=${encodeURIComponent('SELECT Id FROM Contact')}`, {
    headers: { authorization: `Bearer ${conn.accessToken}` },
  });

describe('API request limit', () => {
  it('reports the usage on every answer and refuses past the limit with REQUEST_LIMIT_EXCEEDED', async () => {
    const usage: string[] = [];
    for (let i = 0; i < 3; i++) {
      const answer = await query();
      expect(answer.status).toBe(200);
      usage.push(answer.headers.get('sforce-limit-info')!);
    }
    expect(usage).toEqual(['api-usage=1/3', 'api-usage=2/3', 'api-usage=3/3']);
    const refused = await conn.query('SELECT Id FROM Contact').then(
      () => undefined,
      (error: unknown) => error,
    );
    expect(refused).toMatchObject({ errorCode: 'REQUEST_LIMIT_EXCEEDED' });
  });
});

describe('faults', () => {
  it('answers SERVER_UNAVAILABLE with the chosen status while the error rate is 1, and recovers at 0', async () => {
    emulator.faults.errorRate = 1;
    emulator.faults.errorStatus = 503;
    const failed = await query();
    expect(failed.status).toBe(503);
    expect(await failed.json()).toEqual([
      {
        errorCode: 'SERVER_UNAVAILABLE',
        message: 'The service is temporarily unavailable; retry the request.',
      },
    ]);
    emulator.faults.errorRate = 0;
    expect((await query()).status).toBe(200);
  });

  it('adds the chosen latency', async () => {
    emulator.faults.latencyMs = 250;
    const started = performance.now();
    expect((await query()).status).toBe(200);
    expect(performance.now() - started).toBeGreaterThanOrEqual(250);
  });

  it('resets the connection without an answer while the reset rate is 1, and answers again at 0', async () => {
    emulator.faults.resetRate = 1;
    const reset = await query().then(
      () => undefined,
      (error: unknown) => error,
    );
    expect(reset).toBeInstanceOf(TypeError);
    expect(String((reset as { cause?: unknown }).cause)).toMatch(/closed|reset|socket/i);
    emulator.faults.resetRate = 0;
    expect((await query()).status).toBe(200);
  });
});
