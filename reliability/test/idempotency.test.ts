import { mulberry32 } from '@splice/sandbox-data';
import { createInstallationBodySchema } from '@splice/schema';
import fc from 'fast-check';
/**
 * Idempotent creates through the BFF against the real service, counted in the service's own store: per
 * round, 10 concurrent creates with one Idempotency-Key (a generated valid config, a fresh group) make
 * exactly one installation and get identical answers; the same key with another body is 422 and creates
 * nothing; the same body with its keys reordered is a replay. A fast-check property over the body (and
 * the seed of its repair), so a failing round is shrunk to a minimal body; each round has a group of its
 * own, so a shrinking re-send is a first request again.
 */
import { afterAll, beforeAll, describe, it } from 'vitest';
import type { RunningBff } from '../src/bff-harness.js';
import { browserHeaders, startBffFor } from '../src/bff-harness.js';
import { Failures, figures, ms, percentile } from '../src/figures.js';
import { clone, jsonSchemaOf } from '../src/fuzz/cases.js';
import { oneProviderValueEach, repairContent } from '../src/fuzz/content-repair.js';
import { arbitraryFor } from '../src/fuzz/json-schema-arbitrary.js';
import { assertPrechecked } from '../src/fuzz/property.js';
import type { InProcessService } from '../src/service-harness.js';
import { groupInSlot, startInProcessService } from '../src/service-harness.js';
import { sizes } from '../src/size.js';

const rounds = sizes.idempotencyRounds;
let service: InProcessService;
let bff: RunningBff;

beforeAll(async () => {
  service = await startInProcessService({ extraGroups: { prefix: 'idem', count: rounds } });
  bff = await startBffFor(service);
});
afterAll(async () => {
  await bff.close();
  await service.close();
});

type Json = Record<string, unknown>;

/** The same object with its keys in reverse order, all the way down. */
function reordered(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(reordered);
  if (value === null || typeof value !== 'object') return value;
  const out: Json = {};
  for (const key of Object.keys(value).reverse())
    Object.defineProperty(out, key, {
      value: reordered((value as Json)[key]),
      enumerable: true,
      writable: true,
      configurable: true,
    });
  return out;
}

function create(group: string, key: string, body: unknown) {
  return fetch(`${bff.url}/integrations/hubspot-sync/installations?skipSampling=true`, {
    method: 'POST',
    headers: browserHeaders(group, { 'Idempotency-Key': key }),
    body: JSON.stringify(body),
  });
}

/** One round's input: a generated create body and the seed its content is repaired with. */
const roundInput = fc.tuple(arbitraryFor(jsonSchemaOf(createInstallationBodySchema)), fc.nat());

interface Round {
  faults: string[];
  /** Installations the 10 concurrent creates made. */
  rows: number;
  replays: number;
  reusedRefused: boolean;
  latency: number;
  requests: number;
}

/** One round in its own group (`idem-<slot>`): the burst, the reordered repeat, the other body. */
async function round([generated, repairSeed]: [unknown, number], slot: number): Promise<Round> {
  const group = groupInSlot(service, 'idem', slot);
  const faults: string[] = [];
  const body = clone(generated) as Json;
  const config = body.config as Json;
  delete config.createdBy;
  delete body.connectionId;
  repairContent(config.content as Json, mulberry32(repairSeed));
  oneProviderValueEach(config.content as Json);
  const key = `idem-key-${slot}`;
  const before = service.countInstallations(group);
  const started = performance.now();
  const answers = await Promise.all(
    Array.from({ length: 10 }, async () => {
      const response = await create(group, key, body);
      return {
        status: response.status,
        replayed: response.headers.get('idempotent-replayed'),
        text: await response.text(),
      };
    }),
  );
  const latency = performance.now() - started;
  const rows = service.countInstallations(group) - before;
  if (rows !== 1)
    faults.push(
      `  - round ${slot}: ${rows} installations for one key (statuses ${answers.map((a) => a.status).join(',')})`,
    );
  if (answers.some((a) => a.status !== 201))
    faults.push(
      `  - round ${slot}: statuses ${answers.map((a) => a.status).join(',')}: ${answers.find((a) => a.status !== 201)?.text.slice(0, 200)}`,
    );
  if (new Set(answers.map((a) => a.text)).size !== 1)
    faults.push(`  - round ${slot}: ${new Set(answers.map((a) => a.text)).size} different answers`);
  const replays = answers.filter((a) => a.replayed === 'true').length;

  // Later: the same key and body in another key order is the same request (replayed, nothing new).
  const again = await create(group, key, reordered(body));
  const againText = await again.text();
  if (
    again.status !== 201 ||
    againText !== answers[0]?.text ||
    again.headers.get('idempotent-replayed') !== 'true'
  ) {
    faults.push(
      `  - round ${slot}: the reordered repeat got ${again.status} (replayed: ${again.headers.get('idempotent-replayed')})`,
    );
  }
  // The same key with another body: 422, and still one installation.
  // Another body for sure: a read of companies for a destination no generated body names.
  const changed = {
    ...body,
    config: {
      ...config,
      content: {
        ...(config.content as Json),
        read: { objects: { companies: { objectName: 'companies', destination: `changed-${slot}` } } },
      },
    },
  };
  const reused = await create(group, key, changed);
  const reusedProblem = (await reused.json()) as { type?: string };
  const reusedRefused =
    reused.status === 422 && reusedProblem.type === 'urn:problem-type:idempotency-key-reused';
  if (!reusedRefused)
    faults.push(`  - round ${slot}: the key with another body got ${reused.status} ${reusedProblem.type}`);
  if (service.countInstallations(group) - before !== 1)
    faults.push(`  - round ${slot}: a later request created another installation`);
  return { faults, rows, replays, reusedRefused, latency, requests: 12 };
}

describe('idempotency', () => {
  it(`${rounds} rounds of 10 concurrent same-key creates, then a replay, a reordered body and another body`, async () => {
    await assertPrechecked({
      inputs: roundInput,
      numRuns: rounds,
      seed: sizes.seed + 40,
      // The rounds one after another, as before; their figures are printed whatever the property finds.
      precheck: async (inputs) => {
        const results: Round[] = [];
        for (const [slot, input] of inputs.entries()) results.push(await round(input, slot));
        const failures = new Failures();
        for (const fault of results.flatMap((r) => r.faults)) failures.add(fault);
        const latencies = results.map((r) => r.latency).sort((a, b) => a - b);
        const requests = results.reduce((sum, r) => sum + r.requests, 0);
        const exactlyOne = results.filter((r) => r.rows === 1).length;
        const extraRows = results.reduce((sum, r) => sum + Math.max(0, r.rows - 1), 0);
        const replays = results.reduce((sum, r) => sum + r.replays, 0);
        const reusedRefused = results.filter((r) => r.reusedRefused).length;
        figures(
          'idempotency',
          `${rounds} rounds, ${requests} requests: ${exactlyOne}/${rounds} rounds made exactly 1 installation (${extraRows} extra), ${replays}/${rounds * 9} concurrent repeats replayed, ${reusedRefused}/${rounds} other-body reuses refused 422, ${failures.count} failures; 10-request burst p50 ${ms(percentile(latencies, 50))}, max ${ms(latencies.at(-1) ?? 0)}`,
          { rounds, requests, extraRows, replays, reusedRefused, failures: failures.count },
        );
        return results.map((r) => r.faults);
      },
      rerun: async (input, slot) => (await round(input, slot)).faults,
    });
  });
});
