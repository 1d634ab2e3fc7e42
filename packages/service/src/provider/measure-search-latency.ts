/**
 * A manual measurement, not a test: seeds the sandbox with many contacts and prints search latency
 * percentiles for typical filter shapes, plus the process RSS.
 *
 *   node --import tsx packages/service/src/provider/measure-search-latency.ts [contacts=1000000] [dataDir]
 *
 * Without `dataDir` a temp directory is used and removed. With one, the seeded database is reused on the
 * next run (seeding is skipped when the counts match).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { openDatabase } from '../store/open-database.js';
import type { FieldFilter } from './provider-contract.js';
import { createSandboxProvider } from './sandbox-provider.js';

const contactCount = Number(process.argv[2] ?? 1_000_000);
const dataDir = process.argv[3] ?? fs.mkdtempSync(path.join(os.tmpdir(), 'splice-latency-'));
const iterations = 2_000;
const pageSize = 100;

const db = openDatabase(dataDir);
const sandbox = createSandboxProvider(db, { contacts: contactCount });
console.log(
  `seed: ${sandbox.seed.seeded ? `${(sandbox.seed.durationMs / 1000).toFixed(1)} s` : 'reused'} for`,
  sandbox.seed.counts,
);

const emailOf = db.prepare('SELECT email FROM sandboxcrm_contacts WHERE id = ?').pluck();
const someEmail = (i: number) => emailOf.get(1 + ((i * 7_919) % contactCount)) as string;
const statuses = ['lead', 'qualified', 'customer', 'churned'];
const countries = ['US', 'GB', 'DE', 'FR', 'JP'];

const cases: Array<[string, (i: number) => FieldFilter[]]> = [
  ['eq unique (email)', (i) => [{ fieldName: 'email', value: someEmail(i) }]],
  ['eq picklist, many matches (status)', (i) => [{ fieldName: 'status', value: statuses[i % 4]! }]],
  ['eq boolean (doNotContact)', (i) => [{ fieldName: 'doNotContact', value: i % 2 === 0 }]],
  ['eq int (score)', (i) => [{ fieldName: 'score', value: i % 101 }]],
  [
    'AND picklist + picklist (status, country)',
    (i) => [
      { fieldName: 'status', value: statuses[i % 4]! },
      { fieldName: 'country', value: countries[i % 5]! },
    ],
  ],
  [
    'AND unique + picklist (email, status)',
    (i) => [
      { fieldName: 'email', value: someEmail(i) },
      { fieldName: 'status', value: statuses[i % 4]! },
    ],
  ],
  [
    'AND picklist + boolean, consistent (customer, isCustomer=true)',
    () => [
      { fieldName: 'status', value: 'customer' },
      { fieldName: 'isCustomer', value: true },
    ],
  ],
  [
    'AND contradictory, no match (lead, isCustomer=true)',
    () => [
      { fieldName: 'status', value: 'lead' },
      { fieldName: 'isCustomer', value: true },
    ],
  ],
];

for (const [label, filtersFor] of cases) {
  const runs = label.includes('contradictory') ? 20 : iterations;
  const inputs = Array.from({ length: runs }, (_, i) => filtersFor(i));
  for (const filters of inputs.slice(0, 50)) sandbox.search('contacts', filters, pageSize);
  const times: number[] = [];
  let returned = 0;
  for (const filters of inputs) {
    const start = performance.now();
    returned += sandbox.search('contacts', filters, pageSize).records.length;
    times.push(performance.now() - start);
  }
  times.sort((a, b) => a - b);
  const at = (q: number) => times[Math.min(times.length - 1, Math.floor(q * times.length))]!.toFixed(2);
  console.log(
    `${label.padEnd(66)} p50 ${at(0.5)} ms  p99 ${at(0.99)} ms  max ${at(1)} ms  (avg ${(returned / runs).toFixed(0)} rows, n=${runs})`,
  );
}
console.log(`rss ${(process.memoryUsage().rss / 1e6).toFixed(0)} MB`);
db.close();
if (process.argv[3] === undefined) fs.rmSync(dataDir, { recursive: true, force: true });
