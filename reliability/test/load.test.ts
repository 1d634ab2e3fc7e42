/**
 * Load through the BFF while backfills run (src/load/api-under-reads.ts: the service, the BFF and the
 * HubSpot emulator each in their own process, as deployed; the load generator, autocannon, in this one). A
 * fixed 300 requests/s for 30 s (10 min deep), searches and creates mixed, each create starting a
 * backfill: only documented answers, every 201 stored, and (deep) RSS growth <= 20 %. Then a second BFF
 * with a small in-flight cap, pushed far above it: only 503 + Retry-After beyond the cap, never a 500.
 */
import autocannon from 'autocannon';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { figures, ms } from '../src/figures.js';
import { type ApiUnderReads, browserHeaders, startApiUnderReads } from '../src/load/api-under-reads.js';
import { deep, sizes } from '../src/size.js';

const rate = sizes.loadRate;
const seconds = sizes.loadSeconds;

let scenario: ApiUnderReads;
beforeAll(async () => {
  scenario = await startApiUnderReads({ rate, seconds, deep });
});
afterAll(async () => {
  await scenario?.close();
});

describe('load through the BFF', () => {
  it(`${rate} requests/s for ${seconds} s, searches and creates mixed: only documented answers, every 201 stored`, async () => {
    const run = await scenario.measure();
    figures('load', run.line, run.numbers);
    const { result, statuses } = run;
    // Latency and the share of 503s are figures (goal: 0 errors, p99 <= 100 ms), printed above and in
    // `pnpm bench` (api_p99_ms_under_reads, api_shed_share), not asserted: on two shared cores they measure
    // the machine as much as the code. What is asserted is behaviour: no dropped connection or timeout, and
    // nothing but 2xx or the documented back-pressure answer (503 with Retry-After, checked one by one in
    // the over-cap test below).
    console.log(
      `[load] goals 0 errors, p99 <= 100 ms, ${rate * seconds * 0.95} requests sent: ${run.errors === 0 && run.p99Ms <= 100 && result.requests.total >= rate * seconds * 0.95 ? 'met' : 'missed'}`,
    );
    expect(result.errors + result.timeouts, 'connection errors and timeouts').toBe(0);
    const undocumented = [...statuses.keys()].filter((status) => status >= 300 && status !== 503);
    expect(undocumented, `statuses: ${JSON.stringify([...statuses])}`).toEqual([]);
    // Every 201 stored its installation; creates cut off by the end of the run may have landed too.
    expect(run.created, 'installations stored vs 201 answers').toBeGreaterThanOrEqual(run.answered201);
    expect(run.created, 'installations stored vs creates sent').toBeLessThanOrEqual(run.createsSent);
    if (deep) {
      expect(run.rssGrowth.bff, 'BFF RSS growth (%)').toBeLessThanOrEqual(20);
      expect(run.rssGrowth.service, 'service RSS growth (%)').toBeLessThanOrEqual(20);
    }
  });

  it('beyond the in-flight cap: only 503 with Retry-After, never 500', async () => {
    const cap = 4;
    const { child: bff, url } = await scenario.startBff(cap);
    const statuses = new Map<number, number>();
    let withoutRetryAfter = 0;
    const result = await autocannon({
      url,
      connections: 64,
      duration: deep ? 30 : 5,
      timeout: 10,
      requests: [
        {
          method: 'POST',
          path: '/integrations/hubspot-sync/search',
          headers: { ...browserHeaders, Cookie: 'sid=acme' },
          body: JSON.stringify(scenario.searchBodies()[0]),
          onResponse: (
            status: number,
            _body: string,
            _context: unknown,
            headers?: Record<string, string | string[]>,
          ) => {
            statuses.set(status, (statuses.get(status) ?? 0) + 1);
            if (status === 503 && !headers?.['retry-after'] && !headers?.['Retry-After']) withoutRetryAfter++;
          },
        },
      ],
    } as autocannon.Options);
    const total = [...statuses.values()].reduce((a, b) => a + b, 0);
    const busy = statuses.get(503) ?? 0;
    const others = [...statuses.entries()].filter(([s]) => s !== 200 && s !== 503);
    figures(
      'load:over-cap',
      `${total} requests from 64 connections against maxInFlight ${cap} (${Math.round(result.requests.average)} req/s): ${statuses.get(200) ?? 0}×200, ${busy}×503 (${withoutRetryAfter} without Retry-After), ${others.reduce((n, [, k]) => n + k, 0)} other (${others.map(([s, k]) => `${k}×${s}`).join(', ') || 'none'}), ${result.errors} connection errors; p99 ${ms(result.latency.p99)}`,
      {
        total,
        ok: statuses.get(200) ?? 0,
        busy,
        withoutRetryAfter,
        others: others.length,
        errors: result.errors,
      },
    );
    expect(busy, 'the cap was reached').toBeGreaterThan(0);
    expect(withoutRetryAfter).toBe(0);
    expect(others, 'statuses other than 200 and 503').toEqual([]);
    expect(result.errors).toBe(0);
    await bff.stop();
  });
});
