import { createInstallationBodySchema } from '@splice/schema';
import { mulberry32 } from '@splice/service';
/**
 * Idempotent creates through the BFF against the real service, counted in the service's own store: per
 * round, 10 concurrent creates with one Idempotency-Key (a generated valid config, a fresh group) make
 * exactly one installation and get identical answers; the same key with another body is 422 and creates
 * nothing; the same body with its keys reordered is a replay.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningBff } from '../src/bff-harness.js';
import { browserHeaders, startBffFor } from '../src/bff-harness.js';
import { Failures, figures, ms, percentile } from '../src/figures.js';
import { jsonSchemaOf, sampleValues } from '../src/fuzz/cases.js';
import { repairContent } from '../src/fuzz/content-repair.js';
import type { InProcessService } from '../src/service-harness.js';
import { startInProcessService } from '../src/service-harness.js';
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
  return fetch(`${bff.url}/integrations/crm-sync/installations?skipSampling=true`, {
    method: 'POST',
    headers: browserHeaders(group, { 'Idempotency-Key': key }),
    body: JSON.stringify(body),
  });
}

describe('idempotency', () => {
  it(`${rounds} rounds of 10 concurrent same-key creates, then a replay, a reordered body and another body`, async () => {
    const bodies = sampleValues(
      jsonSchemaOf(createInstallationBodySchema),
      rounds,
      sizes.seed + 40,
    ) as Json[];
    const failures = new Failures();
    const latencies: number[] = [];
    let requests = 0;
    let extraRows = 0;
    let reusedRefused = 0;
    let replays = 0;
    let exactlyOne = 0;
    for (let round = 0; round < rounds; round++) {
      const group = `idem-${round}`;
      const body = bodies[round] as Json;
      const config = body.config as Json;
      delete config.createdBy;
      delete body.connectionId;
      repairContent(config.content as Json, mulberry32(round));
      const key = `idem-key-${round}`;
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
      latencies.push(performance.now() - started);
      requests += 10;
      const rows = service.countInstallations(group) - before;
      if (rows === 1) exactlyOne++;
      else {
        extraRows += Math.max(0, rows - 1);
        failures.add(
          `  - round ${round}: ${rows} installations for one key (statuses ${answers.map((a) => a.status).join(',')})`,
        );
      }
      if (answers.some((a) => a.status !== 201))
        failures.add(
          `  - round ${round}: statuses ${answers.map((a) => a.status).join(',')}: ${answers.find((a) => a.status !== 201)?.text.slice(0, 200)}`,
        );
      if (new Set(answers.map((a) => a.text)).size !== 1)
        failures.add(`  - round ${round}: ${new Set(answers.map((a) => a.text)).size} different answers`);
      replays += answers.filter((a) => a.replayed === 'true').length;

      // Later: the same key and body in another key order is the same request (replayed, nothing new).
      const again = await create(group, key, reordered(body));
      requests++;
      const againText = await again.text();
      if (
        again.status !== 201 ||
        againText !== answers[0]?.text ||
        again.headers.get('idempotent-replayed') !== 'true'
      ) {
        failures.add(
          `  - round ${round}: the reordered repeat got ${again.status} (replayed: ${again.headers.get('idempotent-replayed')})`,
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
            read: { objects: { companies: { objectName: 'companies', destination: `changed-${round}` } } },
          },
        },
      };
      const reused = await create(group, key, changed);
      requests++;
      const reusedProblem = (await reused.json()) as { type?: string };
      if (reused.status === 422 && reusedProblem.type === 'urn:problem-type:idempotency-key-reused')
        reusedRefused++;
      else
        failures.add(
          `  - round ${round}: the key with another body got ${reused.status} ${reusedProblem.type}`,
        );
      if (service.countInstallations(group) - before !== 1)
        failures.add(`  - round ${round}: a later request created another installation`);
    }
    latencies.sort((a, b) => a - b);
    figures(
      'idempotency',
      `${rounds} rounds, ${requests} requests: ${exactlyOne}/${rounds} rounds made exactly 1 installation (${extraRows} extra), ${replays}/${rounds * 9} concurrent repeats replayed, ${reusedRefused}/${rounds} other-body reuses refused 422, ${failures.count} failures; 10-request burst p50 ${ms(percentile(latencies, 50))}, max ${ms(latencies.at(-1) ?? 0)}`,
      { rounds, requests, extraRows, replays, reusedRefused, failures: failures.count },
    );
    expect(failures.count, failures.toString()).toBe(0);
  });
});
