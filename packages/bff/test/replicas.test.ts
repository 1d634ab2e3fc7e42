import type { RunningPostgres } from '@splice/testing-postgres';
import { startPostgres } from '@splice/testing-postgres';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PostgresIdempotencyStore, PostgresRateLimitStore } from '../src/postgres/index.js';
import { validCreateBody } from './helpers/fixtures.js';
import { startRealService } from './helpers/real-service.js';
import { browserHeaders } from './helpers/sessions.js';
import type { RunningBff } from './helpers/start-bff.js';
import { startBff } from './helpers/start-bff.js';

/**
 * Two BFF replicas behind an imaginary load balancer: two real HTTP servers made by `createBff`, each with
 * its own pool to one PostgreSQL (as two machines would have), in front of one embedded service.
 */
let postgres: RunningPostgres;
let service: Awaited<ReturnType<typeof startRealService>>;
const pools: pg.Pool[] = [];
let replicas: RunningBff[] = [];

beforeAll(async () => {
  [postgres, service] = await Promise.all([startPostgres(), startRealService()]);
  const url = await postgres.createDatabase('bff_replicas');
  replicas = await Promise.all(
    [0, 1].map(async () => {
      const pool = new pg.Pool({ connectionString: url, max: 5 });
      pool.on('error', () => {});
      pools.push(pool);
      return startBff(service, {
        idempotencyStore: new PostgresIdempotencyStore({ pool }),
        rateLimitStore: new PostgresRateLimitStore({ pool }),
        limits: { requestsPerWindow: 40 },
      });
    }),
  );
});
afterAll(async () => {
  await Promise.all(replicas.map((replica) => replica.close()));
  await Promise.all(pools.map((pool) => pool.end()));
  await service?.stop();
  await postgres?.stop();
});

function create(replica: RunningBff, key: string, body: unknown = validCreateBody) {
  return fetch(`${replica.url}/integrations/hubspot-sync/installations`, {
    method: 'POST',
    headers: browserHeaders('alice', { 'Idempotency-Key': key }),
    body: JSON.stringify(body),
  });
}

/** The service's own list of the group's installations: what was really created. */
async function installationsOf(groupRef: string) {
  const response = await fetch(
    `${service.baseUrl}/projects/demo/integrations/hubspot-sync/installations?groupRef=${groupRef}`,
    { headers: { 'x-api-key': service.apiKey } },
  );
  expect(response.status).toBe(200);
  return (await response.json()) as { id: string }[];
}

describe('two BFF replicas on the PostgreSQL stores', () => {
  it('10 concurrent creates with one key, spread over both, make one installation and one answer', async () => {
    const answers = await Promise.all(
      Array.from({ length: 10 }, async (_, i) => {
        const response = await create(replicas[i % 2]!, 'two-replicas');
        return {
          status: response.status,
          replayed: response.headers.get('idempotent-replayed'),
          text: await response.text(),
        };
      }),
    );
    expect(answers.map((answer) => answer.status)).toEqual(Array(10).fill(201));
    expect(new Set(answers.map((answer) => answer.text)).size).toBe(1);
    expect(answers.filter((answer) => answer.replayed === 'true')).toHaveLength(9);
    const installed = await installationsOf('acme');
    expect(installed).toHaveLength(1);
    expect(JSON.parse(answers[0]!.text).id).toBe(installed[0]!.id);

    // A retry that reaches either replica later gets the first answer, and creates nothing.
    for (const replica of replicas) {
      const retry = await create(replica, 'two-replicas');
      expect(retry.status).toBe(201);
      expect(retry.headers.get('idempotent-replayed')).toBe('true');
      expect(await retry.text()).toBe(answers[0]!.text);
    }
    // The same key with another body is refused on both.
    const other = {
      config: {
        content: {
          provider: 'hubspot',
          read: { objects: { contacts: { objectName: 'contacts', selectedFields: { firstname: true } } } },
        },
      },
    };
    for (const replica of replicas) expect((await create(replica, 'two-replicas', other)).status).toBe(422);
    expect(await installationsOf('acme')).toHaveLength(1);
  });

  it('count one session’s requests together: the limit holds across replicas', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 42; i++) {
      const response = await fetch(`${replicas[i % 2]!.url}/integrations/salesforce-sync`, {
        headers: browserHeaders('bob'),
      });
      await response.arrayBuffer();
      statuses.push(response.status);
    }
    // 40 per window for bob, whichever replica answers: 20 on each, then both refuse.
    expect(statuses.slice(0, 40)).toEqual(Array(40).fill(200));
    expect(statuses.slice(40)).toEqual([429, 429]);
  });

  it('answer 503 with Retry-After, never 500, while PostgreSQL cannot be reached', async () => {
    // Nothing listens on loopback port 9: every store call fails to connect.
    const unreachable = 'postgres://postgres@127.0.0.1:9/none';
    const idempotencyStore = new PostgresIdempotencyStore({ connectionString: unreachable });
    const rateLimitStore = new PostgresRateLimitStore({ connectionString: unreachable });
    const cut = await startBff(service, { idempotencyStore, rateLimitStore });
    try {
      const created = await create(cut, 'while-down');
      const read = await fetch(`${cut.url}/integrations/salesforce-sync`, { headers: browserHeaders('bob') });
      for (const response of [created, read]) {
        expect(response.status).toBe(503);
        expect(response.headers.get('retry-after')).toBe('2');
        expect(response.headers.get('content-type')).toContain('application/problem+json');
        await response.arrayBuffer();
      }
      // Only the idempotency store down (rate limits in memory): the create alone is refused.
      const half = await startBff(service, { idempotencyStore });
      try {
        const refused = await create(half, 'while-down');
        expect(refused.status).toBe(503);
        expect(refused.headers.get('retry-after')).toBe('2');
        expect(await installationsOf('acme')).toHaveLength(1);
      } finally {
        await half.close();
      }
    } finally {
      await cut.close();
      await idempotencyStore.close();
      await rateLimitStore.close();
    }
  });
});
