import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import autocannon from 'autocannon';
import { defaultManifestPath, loadManifest, seedDemoData } from '@splice/service';
import { openDatabase, SqliteRepository } from '../../packages/service/src/store/index.js';
import { startNode } from './load/processes.js';
import { seedGroups, serviceCredentials } from './service-harness.js';
import { acmeInstallation } from './fuzz/setup.js';
const dataDir = mkdtempSync(join(tmpdir(), 'probe-'));
const db = openDatabase(dataDir); const repo = new SqliteRepository(db); seedDemoData(repo, loadManifest(defaultManifestPath)); seedGroups(repo, 'load', 2000); db.close();
const svc = await startNode('/work/main/packages/service/src/cli.ts', { cwd: '/work/main/packages/service', env: { PORT: '0', SPLICE_DATA_DIR: dataDir, SPLICE_API_KEY: serviceCredentials.apiKey, SPLICE_AUTH_TOKEN: serviceCredentials.authToken }, ready: /\{base_url\}\s+(http:\/\/[^\s]+)\/v1/ });
const url = svc.match[1]!;
await fetch(`${url}/v1/projects/demo/integrations/crm-sync/installations`, { method: 'POST', headers: { 'content-type': 'application/json', 'x-api-key': serviceCredentials.apiKey }, body: JSON.stringify(acmeInstallation) });
const search = { method: 'POST' as const, path: '/search/v1/projects/demo/integrations/crm-sync?groupRef=acme', headers: { 'content-type': 'application/json', 'x-api-key': serviceCredentials.apiKey, 'x-svc-request-type': 'search' }, body: JSON.stringify({ objectName: 'contacts', fieldFilters: [{ fieldName: 'email', operator: 'eq', value: 'x@y.z' }] }) };
let n = 0;
const create = { method: 'POST' as const, path: '/v1/projects/demo/integrations/crm-sync/installations', headers: { 'content-type': 'application/json', 'x-api-key': serviceCredentials.apiKey }, body: '', setupRequest: (r: autocannon.Request) => { r.body = JSON.stringify({ groupRef: `load-${n++}`, config: { content: { provider: 'sandboxcrm' } } }); return r; } };
for (const [label, requests] of [['search only', [search]], ['search + 10% create', [...Array(9).fill(search), create]]] as const) {
  const r = await autocannon({ url, connections: 30, overallRate: 300, duration: 8, requests: requests as autocannon.Request[] });
  console.log(label, 'p50', r.latency.p50, 'p99', r.latency.p99, 'max', r.latency.max, 'total', r.requests.total, 'non2xx', r.non2xx);
}
await svc.child.stop();
