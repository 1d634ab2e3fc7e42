/**
 * Raw body fuzz of the service and the BFF, both in this process so that prototype pollution would show
 * here: hostile bytes on every POST operation; no 5xx, no crash, every refusal a documented problem+json,
 * Object.prototype untouched after every single request.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningBff } from '../src/bff-harness.js';
import { browserHeaders, startBffFor } from '../src/bff-harness.js';
import { Failures, figures, ms, percentile } from '../src/figures.js';
import { installAcme } from '../src/fuzz/setup.js';
import { KnownDefectCounter } from '../src/known-defects.js';
import type { OpenApiChecker } from '../src/openapi-checker.js';
import { checkerFor } from '../src/openapi-checker.js';
import { mapPool } from '../src/pool.js';
import { countServiceErrors } from '../src/quiet.js';
import type { RawCase, RawTarget } from '../src/raw/raw-cases.js';
import { rawCase } from '../src/raw/raw-cases.js';
import type { RawAnswer } from '../src/raw/send.js';
import { sendRaw } from '../src/raw/send.js';
import type { InProcessService } from '../src/service-harness.js';
import { startInProcessService } from '../src/service-harness.js';
import { sizes } from '../src/size.js';

let service: InProcessService;
let bff: RunningBff;
const checkers: Record<string, OpenApiChecker> = {};

const createContent = { provider: 'hubspot', read: { objects: { contacts: { objectName: 'contacts' } } } };

let serviceErrors: ReturnType<typeof countServiceErrors>;

beforeAll(async () => {
  serviceErrors = countServiceErrors();
  service = await startInProcessService();
  // acme is installed: a create that gets through every check meets a 409, so nothing is created.
  await installAcme(service);
  bff = await startBffFor(service);
  checkers.service = await checkerFor(service.url, 'service');
  checkers.bff = await checkerFor(bff.url, 'bff');
});
afterAll(async () => {
  serviceErrors.restore();
  await bff.close();
  await service.close();
});

/** Where each target lives in its OpenAPI document. */
const templates: Record<string, [checker: string, path: string]> = {};

function serviceTargets(): RawTarget[] {
  const key = { 'x-api-key': service.apiKey };
  templates['service create'] = [
    'service',
    '/v1/projects/{projectIdOrName}/integrations/{integrationId}/installations',
  ];
  templates['service search'] = [
    'service',
    '/search/v1/projects/{projectIdOrName}/integrations/{integrationId}',
  ];
  templates['service invite'] = ['service', '/v1/orgs/{orgId}/invites'];
  return [
    {
      name: 'service create',
      url: `${service.baseUrl}/projects/demo/integrations/hubspot-sync/installations?skipSampling=true`,
      headers: key,
      valid: () => ({ groupRef: 'acme', config: { content: createContent } }),
      stringPath: ['config', 'content', 'provider'],
      acceptsJsonSuffix: true,
      duplicateKeysMaySucceed: false,
    },
    {
      name: 'service search',
      url: `${service.searchUrl}/projects/demo/integrations/hubspot-sync?groupRef=acme`,
      headers: { ...key, 'x-svc-request-type': 'search' },
      valid: () => ({ objectName: 'contacts', fieldFilters: [] }),
      stringPath: ['objectName'],
      acceptsJsonSuffix: true,
      duplicateKeysMaySucceed: true,
    },
    {
      name: 'service invite',
      url: `${service.baseUrl}/orgs/org-demo/invites`,
      headers: { authorization: `Bearer ${service.authToken}` },
      valid: (unique) => ({ email: `${unique}@example.com` }),
      stringPath: ['email'],
      acceptsJsonSuffix: true,
      duplicateKeysMaySucceed: true,
    },
  ];
}

function bffTargets(): RawTarget[] {
  const { 'Content-Type': _ct, ...headers } = browserHeaders('acme');
  templates['bff create'] = ['bff', '/integrations/{integrationId}/installations'];
  templates['bff search'] = ['bff', '/integrations/{integrationId}/search'];
  templates['bff invite'] = ['bff', '/invites'];
  return [
    {
      name: 'bff create',
      url: `${bff.url}/integrations/hubspot-sync/installations?skipSampling=true`,
      headers,
      valid: () => ({ config: { content: createContent } }),
      stringPath: ['config', 'content', 'provider'],
      acceptsJsonSuffix: false,
      duplicateKeysMaySucceed: false,
    },
    {
      name: 'bff search',
      url: `${bff.url}/integrations/hubspot-sync/search`,
      headers,
      valid: () => ({ objectName: 'contacts', fieldFilters: [] }),
      stringPath: ['objectName'],
      acceptsJsonSuffix: false,
      duplicateKeysMaySucceed: true,
    },
    {
      name: 'bff invite',
      url: `${bff.url}/invites`,
      headers,
      valid: (unique) => ({ email: `${unique}@example.com` }),
      stringPath: ['email'],
      acceptsJsonSuffix: false,
      duplicateKeysMaySucceed: true,
    },
  ];
}

/** The longest a hostile body may hold a server (both run in this process). */
const slowMs = 2_000;

const prototypes = [Object.prototype, Array.prototype, Function.prototype, String.prototype];
const snapshot = () => prototypes.map((p) => Object.getOwnPropertyNames(p).sort().join(','));

async function runRaw(label: string, targets: RawTarget[], n: number, seed: number) {
  const before = snapshot();
  let crashes = 0;
  const onCrash = () => {
    crashes++;
  };
  process.on('uncaughtException', onCrash);
  process.on('unhandledRejection', onCrash);
  const failures = new Failures();
  const known = new KnownDefectCounter();
  const families = new Map<string, number>();
  const statuses = new Map<number, number>();
  let fiveXx = 0;
  const allFiveXx = 0;
  let notProblem = 0;
  let polluted = 0;
  let slow = 0;
  const latencies: number[] = [];
  const indices = Array.from({ length: n }, (_, i) => i);
  await mapPool(indices, 4, async (index) => {
    const c: RawCase = rawCase(targets, index, seed);
    families.set(c.kind, (families.get(c.kind) ?? 0) + 1);
    const headers: Record<string, string> = { ...c.target.headers, 'Idempotency-Key': `raw-${index}` };
    if (c.contentType !== undefined) headers['Content-Type'] = c.contentType;
    const started = performance.now();
    let response: RawAnswer;
    try {
      response = await sendRaw(c.target.url, 'POST', headers, c.bytes);
    } catch (error) {
      failures.add(
        `  - ${c.target.name} ${c.family}: no answer (${String(error)}, ${String((error as Error).cause ?? '')})`,
      );
      return;
    }
    const { text } = response;
    const took = performance.now() - started;
    latencies.push(took);
    // Every answer in time: a body that holds a server's event loop for seconds is a denial of service.
    if (took > slowMs) {
      const reason = `slow: ${Math.round(took)} ms`;
      if (
        !known.match({
          url: c.target.url,
          body: '',
          family: c.family,
          status: response.status,
          reason,
          answer: text,
        })
      ) {
        slow++;
        failures.add(`  - ${c.target.name} ${c.family}: ${reason}`);
      }
    }
    statuses.set(response.status, (statuses.get(response.status) ?? 0) + 1);
    if (({} as Record<string, unknown>).polluted !== undefined || snapshot().join() !== before.join()) {
      polluted++;
      failures.add(`  - ${c.target.name} ${c.family}: Object.prototype changed`);
    }
    const where = `  - ${c.target.name} ${c.family} -> ${response.status}: ${text.slice(0, 200)}`;
    if (response.status >= 500) {
      if (
        known.match({
          url: c.target.url,
          body: '',
          family: c.family,
          status: response.status,
          reason: '5xx',
          answer: text,
        })
      )
        return;
      fiveXx++;
      failures.add(where);
      return;
    }
    let body: unknown;
    try {
      body = JSON.parse(text);
    } catch {
      body = undefined;
    }
    if (response.status >= 400) {
      const [checkerName, template] = templates[c.target.name] as [string, string];
      const mismatch = checkers[checkerName]?.check(
        template,
        'POST',
        response.status,
        String(response.headers['content-type'] ?? ''),
        body,
      );
      if (mismatch) {
        notProblem++;
        failures.add(`${where} (${mismatch})`);
      }
      return;
    }
    if (c.expect === 'refused') {
      failures.add(`${where} (expected a refusal)`);
      return;
    }
    if (c.lastValue !== undefined && c.target.name.endsWith('invite')) {
      const invited = (body as { invitedEmail?: string }).invitedEmail;
      if (invited !== c.lastValue)
        failures.add(`${where} (used ${invited}, not the last value ${c.lastValue})`);
    }
  });
  process.off('uncaughtException', onCrash);
  process.off('unhandledRejection', onCrash);
  latencies.sort((a, b) => a - b);
  const refused = [...statuses.entries()].filter(([s]) => s >= 400).reduce((n, [, k]) => n + k, 0);
  figures(
    label,
    `${n} cases (${[...families.entries()].map(([f, k]) => `${k} ${f}`).join(', ')}), ${allFiveXx} 5xx${allFiveXx > fiveXx ? ` (${fiveXx} outside known defects)` : ''}, ${crashes} crashes, ${refused - notProblem}/${refused} refusals documented problem+json, ${polluted} prototype pollutions, ${slow} answers over ${slowMs} ms, ${failures.count} failures${known.counts.size ? ` (+ known defects: ${known.describe()})` : ''}; p99 ${ms(percentile(latencies, 99))}, max ${ms(latencies.at(-1) ?? 0)}; statuses: ${[
      ...statuses.entries(),
    ]
      .sort((a, b) => a[0] - b[0])
      .map(([s, k]) => `${k}×${s}`)
      .join(', ')}`,
    {
      cases: n,
      fiveXx,
      crashes,
      notProblem,
      polluted,
      failures: failures.count,
      knownDefects: Object.fromEntries(known.counts),
    },
  );
  return { fiveXx, crashes, polluted, notProblem, slow, failures };
}

describe('raw body fuzz', () => {
  it(`service: ${sizes.rawCases} hostile bodies`, async () => {
    const result = await runRaw('raw:service', serviceTargets(), sizes.rawCases, sizes.seed + 20);
    expect(
      result.fiveXx + result.crashes + result.polluted + result.notProblem + result.slow,
      result.failures.toString(),
    ).toBe(0);
    expect(result.failures.count, result.failures.toString()).toBe(0);
    expect((await fetch(`${service.url}/health`)).status, 'the service still answers').toBe(200);
  });

  it(`BFF: ${sizes.rawCases} hostile bodies`, async () => {
    const result = await runRaw('raw:bff', bffTargets(), sizes.rawCases, sizes.seed + 21);
    expect(
      result.fiveXx + result.crashes + result.polluted + result.notProblem + result.slow,
      result.failures.toString(),
    ).toBe(0);
    expect(result.failures.count, result.failures.toString()).toBe(0);
    const wizard = await fetch(`${bff.url}/integrations/hubspot-sync`, { headers: browserHeaders('acme') });
    expect(wizard.status, 'the BFF still answers').toBe(200);
  });
});
