/**
 * Writes through the service to the HubSpot emulator (each in a process of its own, the emulator's rate
 * limit lifted), with Acme's `hubspot-sync` installation writing contacts:
 *
 * - `write_single_p99_ms` (and `_p50_`): synchronous single-contact creates, one at a time, from the
 *   builder's request to its answer; beside them the same creates sent straight to the emulator, one at a
 *   time (`write_single_emulator_p50_ms`, `_p99_`): the provider's own share of each write.
 * - `write_batch_records_per_s`: synchronous 100-contact batch creates, `concurrency` at a time: records
 *   written per second.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { recommendedCrmContent } from '@splice/service/demo-fixtures';
import { createClient } from '../http.js';
import { hubspotIntegration } from '../hubspot.js';
import { installationsPath, startBenchService } from '../service.js';
import { median, percentile } from '../stats.js';

export interface WritePlan {
  runs: number;
  /** Single creates per run, through the service and straight to the emulator each. */
  singles: number;
  /** 100-record batches per run, and how many are in flight at once. */
  batches: number;
  concurrency: number;
}

export interface WriteResult {
  singleP50Ms: number;
  singleP99Ms: number;
  emulatorP50Ms: number;
  emulatorP99Ms: number;
  batchRecordsPerS: number;
}

const batchSize = 100;

export async function measureWrites(plan: WritePlan, log: (line: string) => void): Promise<WriteResult> {
  const service = await startBenchService(1_000);
  const client = createClient(Math.max(1, plan.concurrency));
  try {
    const { ready } = service;
    const headers = { 'x-api-key': ready.apiKey };
    const content = {
      ...recommendedCrmContent('hubspot'),
      write: { objects: { contacts: { objectName: 'contacts' } } },
    };
    const installed = await client.request('POST', installationsPath(ready.baseUrl), headers, {
      groupRef: 'acme',
      config: { content },
    });
    if (installed.status !== 201)
      throw new Error(`install: ${installed.status} ${JSON.stringify(installed.body)}`);
    const writeUrl = `${ready.baseUrl.replace(/\/v1$/, '')}/write/v1/projects/demo/integrations/${hubspotIntegration}/objects/contacts`;
    const grants = JSON.parse(readFileSync(path.join(service.dataDir, 'grants.json'), 'utf8')) as {
      accessToken: string;
    }[];
    const emulatorHeaders = { authorization: `Bearer ${grants[0]!.accessToken}` };
    const emulatorUrl = `${service.emulator.ready.url}/crm/v3/objects/contacts`;
    let serial = 0;
    const nextEmail = () => `bench.${process.pid}.${++serial}@writes.example`;
    const expect = (answer: { status: number; body: unknown }, status: number, what: string) => {
      if (answer.status !== status)
        throw new Error(`${what}: ${answer.status} ${JSON.stringify(answer.body)}`);
    };

    // Warm-up: connections, the connector's metadata, the JIT.
    for (let i = 0; i < 20; i++) {
      const body = { groupRef: 'acme', type: 'create', record: { email: nextEmail() } };
      expect(await client.request('POST', writeUrl, headers, body), 200, 'warm-up write');
    }

    const runs: WriteResult[] = [];
    for (let run = 0; run < plan.runs; run++) {
      const through: number[] = [];
      const direct: number[] = [];
      for (let i = 0; i < plan.singles; i++) {
        const body = { groupRef: 'acme', type: 'create', record: { email: nextEmail(), firstname: 'Bench' } };
        const answer = await client.request('POST', writeUrl, headers, body);
        expect(answer, 200, 'single write');
        through.push(answer.ms);
        const straight = await client.request('POST', emulatorUrl, emulatorHeaders, {
          properties: { email: nextEmail(), firstname: 'Bench' },
        });
        expect(straight, 201, 'emulator create');
        direct.push(straight.ms);
      }
      let next = 0;
      const started = performance.now();
      await Promise.all(
        Array.from({ length: plan.concurrency }, async () => {
          while (next < plan.batches) {
            next++;
            const batch = Array.from({ length: batchSize }, () => ({
              record: { email: nextEmail(), firstname: 'Batch' },
            }));
            const answer = await client.request('POST', writeUrl, headers, {
              groupRef: 'acme',
              type: 'create',
              batch,
            });
            expect(answer, 200, 'batch write');
          }
        }),
      );
      const seconds = (performance.now() - started) / 1000;
      const result: WriteResult = {
        singleP50Ms: percentile(through, 0.5),
        singleP99Ms: percentile(through, 0.99),
        emulatorP50Ms: percentile(direct, 0.5),
        emulatorP99Ms: percentile(direct, 0.99),
        batchRecordsPerS: (plan.batches * batchSize) / seconds,
      };
      log(
        `  run ${run + 1}: single p50 ${result.singleP50Ms.toFixed(2)} ms, p99 ${result.singleP99Ms.toFixed(2)} ms ` +
          `(emulator alone p50 ${result.emulatorP50Ms.toFixed(2)} ms, p99 ${result.emulatorP99Ms.toFixed(2)} ms); ` +
          `batches ${Math.round(result.batchRecordsPerS).toLocaleString('en')} records/s`,
      );
      runs.push(result);
    }
    const medianOf = (key: keyof WriteResult) => median(runs.map((run) => run[key]));
    return {
      singleP50Ms: medianOf('singleP50Ms'),
      singleP99Ms: medianOf('singleP99Ms'),
      emulatorP50Ms: medianOf('emulatorP50Ms'),
      emulatorP99Ms: medianOf('emulatorP99Ms'),
      batchRecordsPerS: medianOf('batchRecordsPerS'),
    };
  } finally {
    client.close();
    await service.dispose();
  }
}
