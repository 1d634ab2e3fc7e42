/**
 * The CSRF matrix: every combination of method × content type × Origin × Sec-Fetch-Site × the custom
 * header, on every BFF route, with a valid session cookie and a valid body. A request "passes" when the
 * service received a call on its behalf (the service's own record, by request id). Only what a page of the
 * allowed origin (or a non-browser client, which carries no cookie a forger could ride) sends may pass:
 * Origin allowed (or, without Origin, Sec-Fetch-Site absent, same-origin or none) and, for unsafe methods,
 * `X-Requested-With: splice` and `application/json`.
 */
import { Agent } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningBff } from '../src/bff-harness.js';
import { appOrigin, startBffFor } from '../src/bff-harness.js';
import { Failures, figures } from '../src/figures.js';
import { installAcme } from '../src/fuzz/setup.js';
import { mapPool } from '../src/pool.js';
import { sendRaw } from '../src/raw/send.js';
import type { InProcessService } from '../src/service-harness.js';
import { startInProcessService } from '../src/service-harness.js';
import { deep } from '../src/size.js';

let service: InProcessService;
let bff: RunningBff;

beforeAll(async () => {
  service = await startInProcessService({ record: true });
  await installAcme(service);
  bff = await startBffFor(service);
});
afterAll(async () => {
  await bff.close();
  await service.close();
});

const methods = ['GET', 'HEAD', 'OPTIONS', 'POST', 'PUT', 'PATCH', 'DELETE'];
const contentTypes = [
  'application/json',
  'application/json; charset=utf-8',
  'text/plain',
  'application/x-www-form-urlencoded',
  'multipart/form-data; boundary=x',
  undefined,
  ...(deep ? ['APPLICATION/JSON', 'application/merge-patch+json', 'text/json', 'application/jsonx', ''] : []),
];
const origins = [
  undefined,
  appOrigin,
  'null',
  'http://evil.test',
  'https://app.test',
  ...(deep
    ? ['http://app.test:8080', 'http://app.test.evil.test', 'http://sub.app.test', `${appOrigin}/`]
    : []),
];
const sites = [undefined, 'same-origin', 'same-site', 'cross-site', 'none'];
const csrfHeaders = [
  undefined,
  'splice',
  'XMLHttpRequest',
  ...(deep ? ['Splice', '', 'splice, splice'] : []),
];

interface Route {
  name: string;
  path: string;
  /** The methods the route answers. */
  methods: string[];
  body?: string;
  /** Headers the route requires besides the CSRF ones. */
  headers?: Record<string, string>;
}

const routes: Route[] = [
  { name: 'wizard', path: '/integrations/hubspot-sync', methods: ['GET', 'HEAD'] },
  {
    name: 'create',
    path: '/integrations/hubspot-sync/installations?skipSampling=true',
    methods: ['POST'],
    body: JSON.stringify({ config: { content: { provider: 'hubspot' } } }),
  },
  {
    name: 'search',
    path: '/integrations/hubspot-sync/search',
    methods: ['POST'],
    body: JSON.stringify({ objectName: 'contacts', fieldFilters: [] }),
  },
  {
    name: 'invite',
    path: '/invites',
    methods: ['POST'],
    body: JSON.stringify({ email: 'csrf@example.com' }),
  },
  {
    // A stale version: a request that passes reaches the service, which refuses it (412), so the
    // installation the other routes use stays as it is.
    name: 'update/uninstall',
    path: '/integrations/hubspot-sync/installation',
    methods: ['PATCH', 'DELETE'],
    body: JSON.stringify({
      updateMask: ['config.content.read.objects.contacts'],
      installation: {
        config: {
          content: {
            read: { objects: { contacts: { objectName: 'contacts', destination: 'contactsWebhook' } } },
          },
        },
      },
    }),
    headers: { 'If-Match': '"1999-01-01T00:00:00.000Z"' },
  },
  {
    name: 'pause',
    path: '/integrations/hubspot-sync/objects/contacts/pause',
    methods: ['POST'],
    body: '{}',
  },
];

const safe = new Set(['GET', 'HEAD', 'OPTIONS']);

/** Could a page of the allowed origin (or a client with no browser metadata) have sent it? */
function legitimate(
  route: Route,
  method: string,
  contentType?: string,
  origin?: string,
  site?: string,
  header?: string,
) {
  if (!route.methods.includes(method)) return false;
  const fromAllowedPage =
    origin === appOrigin ||
    (origin === undefined && (site === undefined || site === 'same-origin' || site === 'none'));
  if (!fromAllowedPage) return false;
  if (safe.has(method)) return true;
  return header === 'splice' && contentType?.split(';')[0]?.trim().toLowerCase() === 'application/json';
}

describe('CSRF matrix', () => {
  it('only requests a legitimate page could send pass', async () => {
    type Combination = [
      Route,
      string,
      string | undefined,
      string | undefined,
      string | undefined,
      string | undefined,
    ];
    const combinations: Combination[] = [];
    // Every method on one route (GET and HEAD on the wizard, every other method on /invites), and the
    // POST matrix on each POST route as well.
    const targets: Array<[Route, string]> = methods.map((method) => [
      (safe.has(method) && method !== 'OPTIONS' ? routes[0] : routes[3]) as Route,
      method,
    ]);
    const [, create, search, , update, pause] = routes as [Route, Route, Route, Route, Route, Route];
    targets.push([create, 'POST'], [search, 'POST'], [update, 'PATCH'], [update, 'DELETE'], [pause, 'POST']);
    for (const [route, method] of targets)
      for (const contentType of contentTypes)
        for (const origin of origins)
          for (const site of sites)
            for (const header of csrfHeaders)
              combinations.push([route, method, contentType, origin, site, header]);
    const keepAlive = new Agent({ keepAlive: true, maxSockets: 8 });
    const passedIds = new Map<string, Combination>();
    const answered = new Map<string, Combination>();
    const statuses = new Map<number, number>();
    let serverErrors = 0;
    await mapPool(combinations, 8, async (combination, index) => {
      const [route, method, contentType, origin, site, header] = combination;
      const headers: Record<string, string> = {
        Cookie: 'sid=acme',
        'Idempotency-Key': `csrf-${index}`,
        ...route.headers,
      };
      if (contentType !== undefined) headers['Content-Type'] = contentType;
      if (origin !== undefined) headers.Origin = origin;
      if (site !== undefined) headers['Sec-Fetch-Site'] = site;
      if (header !== undefined) headers['X-Requested-With'] = header;
      const body =
        route.body !== undefined && method !== 'GET' && method !== 'HEAD'
          ? new TextEncoder().encode(route.body)
          : undefined;
      const response = await sendRaw(`${bff.url}${route.path}`, method, headers, body, 15_000, keepAlive);
      statuses.set(response.status, (statuses.get(response.status) ?? 0) + 1);
      if (response.status >= 500) serverErrors++;
      const id = response.headers['x-request-id'];
      if (typeof id === 'string') answered.set(id, combination);
    });
    keepAlive.destroy();
    for (const call of service.received) {
      const combination = call.requestId ? answered.get(call.requestId) : undefined;
      if (combination && call.requestId) passedIds.set(call.requestId, combination);
    }
    const passed = new Set(passedIds.values());
    const falseAccepts = new Failures(10);
    const falseRejects = new Failures(10);
    let legit = 0;
    for (const combination of combinations) {
      const [route, method, contentType, origin, site, header] = combination;
      const should = legitimate(route, method, contentType, origin, site, header);
      if (should) legit++;
      const did = passed.has(combination);
      const label = `  - ${route.name} ${method} ct=${contentType ?? '-'} origin=${origin ?? '-'} site=${site ?? '-'} x-requested-with=${header ?? '-'}`;
      if (did && !should) falseAccepts.add(label);
      if (!did && should) falseRejects.add(label);
    }
    figures(
      'csrf-matrix',
      `${combinations.length} combinations (${methods.length} methods, and each unsafe route's own methods (create, search, update, uninstall, pause), × ${contentTypes.length} content types × ${origins.length} origins × ${sites.length} Sec-Fetch-Site × ${csrfHeaders.length} custom headers), ${passed.size} passed, ${legit} legitimate, ${falseAccepts.count} false accepts, ${falseRejects.count} false rejects, ${serverErrors} 5xx; statuses: ${[
        ...statuses.entries(),
      ]
        .sort((a, b) => a[0] - b[0])
        .map(([s, k]) => `${k}×${s}`)
        .join(', ')}`,
      {
        combinations: combinations.length,
        passed: passed.size,
        legitimate: legit,
        falseAccepts: falseAccepts.count,
        falseRejects: falseRejects.count,
        fiveXx: serverErrors,
      },
    );
    expect(falseAccepts.count, falseAccepts.toString()).toBe(0);
    expect(falseRejects.count, falseRejects.toString()).toBe(0);
    expect(serverErrors).toBe(0);
  });
});
