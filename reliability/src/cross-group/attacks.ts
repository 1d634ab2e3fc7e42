/**
 * Generated attempts by a signed-in user to reach another group's installation or records through the
 * BFF: the other group (or organization, connection, installation) named in the body, nested in it, in
 * the query, in a header, smuggled into the path, on every route.
 */
import fc from 'fast-check';

export interface Party {
  sid: string;
  groupRef: string;
  orgId: string;
  connectionId: string;
  installationId: string;
}

export interface Attack {
  attacker: Party;
  victim: Party;
  route: 'wizard' | 'create' | 'search' | 'invite' | 'update' | 'pause' | 'elsewhere';
  location: string;
  method: string;
  path: string;
  query: string;
  headers: Record<string, string>;
  body?: unknown;
}

/** Names under which a client might try to pass a group, an organization or an object of theirs. */
export const spellings = [
  'groupRef',
  'group_ref',
  'GroupRef',
  'GROUPREF',
  'groupId',
  'group-id',
  'group',
  'orgId',
  'org_id',
  'organizationId',
  'organisationId',
  'tenant',
  'customerId',
  'accountId',
  'installationId',
  'connectionId',
  'consumerRef',
  'projectId',
];

const headerSpellings = [
  'X-Group-Ref',
  'X-GroupRef',
  'Group-Ref',
  'X-Org-Id',
  'X-Organization-Id',
  'X-Tenant',
  'X-Customer-Id',
  'X-Splice-Group',
  'X-Forwarded-Group',
  'X-Account',
  'X-Installation-Id',
  'X-Connection-Id',
  'X-HTTP-Method-Override',
  'X-Original-URL',
  'X-Rewrite-URL',
];

function victimValues(victim: Party): string[] {
  return [
    victim.groupRef,
    victim.groupRef.toUpperCase(),
    ` ${victim.groupRef}`,
    `${victim.groupRef}\u0000`,
    victim.orgId,
    victim.connectionId,
    victim.installationId,
    `/v1/projects/demo/integrations/hubspot-sync/installations?groupRef=${victim.groupRef}`,
  ];
}

function pathInjections(victim: Party): string[] {
  const g = victim.groupRef;
  return [
    `hubspot-sync%3FgroupRef%3D${g}`,
    `hubspot-sync%26groupRef%3D${g}`,
    `hubspot-sync;groupRef=${g}`,
    `hubspot-sync%23groupRef=${g}`,
    `..%2F..%2Fprojects%2Fdemo%2Fintegrations%2Fhubspot-sync%2Finstallations%3FgroupRef%3D${g}`,
    `hubspot-sync%2F..%2Fhubspot-sync%3FgroupRef%3D${g}`,
    `hubspot-sync%00${g}`,
    `${victim.installationId}`,
    `hubspot-sync%20${g}`,
    // The hosted operations beside the installations: a group's connection by id, the project-wide lists.
    `..%2F..%2Fprojects%2Fdemo%2Fconnections%2F${victim.connectionId}`,
    `..%2F..%2Fprojects%2Fdemo%2Fconnections%3FgroupRef%3D${g}`,
    '..%2F..%2Fprojects%2Fdemo%2Fconnections',
    '..%2F..%2Fprojects%2Fdemo%2Finstallations',
    `hubspot-sync%2F..%2F..%2F..%2Fconnections%2F${victim.connectionId}`,
  ];
}

const routes = ['wizard', 'create', 'search', 'invite', 'update', 'pause', 'elsewhere'] as const;
const locations = [
  'body',
  'body-nested',
  'body-legit-field',
  'query',
  'query-duplicate',
  'header',
  'path',
  'everywhere',
] as const;

function baseBody(route: Attack['route'], unique: string): Record<string, unknown> | undefined {
  switch (route) {
    case 'create':
      return {
        config: {
          content: { provider: 'hubspot', read: { objects: { contacts: { objectName: 'contacts' } } } },
        },
      };
    case 'search':
      return {
        objectName: 'contacts',
        fieldFilters: [{ fieldName: 'email', operator: 'eq', value: 'x@example.com' }],
      };
    case 'invite':
      return { email: `${unique}@example.com` };
    case 'update':
      return {
        updateMask: ['config.content.proxy.enabled'],
        installation: { config: { content: { proxy: { enabled: false } } } },
      };
    case 'pause':
      return {};
    default:
      return undefined;
  }
}

function routePath(
  route: Attack['route'],
  integration: string,
  victim: Party,
): { method: string; path: string } {
  switch (route) {
    case 'wizard':
      return { method: 'GET', path: `/integrations/${integration}` };
    case 'create':
      return { method: 'POST', path: `/integrations/${integration}/installations` };
    case 'search':
      return { method: 'POST', path: `/integrations/${integration}/search` };
    case 'invite':
      return { method: 'POST', path: '/invites' };
    case 'update':
      return { method: 'PATCH', path: `/integrations/${integration}/installation` };
    case 'pause':
      return { method: 'POST', path: `/integrations/${integration}/objects/contacts/pause` };
    default:
      return { method: 'GET', path: `/integrations/${integration}/installations/${victim.installationId}` };
  }
}

/** What one attack is made of: who attacks, the route, where the victim is named, and how. */
export const attackShape = fc.record({
  who: fc.integer({ min: 0, max: 1 }),
  route: fc.constantFrom(...routes),
  location: fc.constantFrom(...locations),
  spelling: fc.constantFrom(...spellings),
  header: fc.constantFrom(...headerSpellings),
  valueIndex: fc.nat(),
  pathIndex: fc.nat(),
  nestIndex: fc.nat(),
});

export type AttackShape = typeof attackShape extends fc.Arbitrary<infer S> ? S : never;

/**
 * One attack from its shape, the same one for the same shape and slot. What a write must have to itself
 * (an invite's address, an idempotency key) comes from the slot, so a shrinking re-send is a first request.
 */
export function buildAttack(parties: readonly [Party, Party], s: AttackShape, slot: number): Attack {
  const attacker = parties[s.who] as Party;
  const victim = parties[1 - s.who] as Party;
  const values = victimValues(victim);
  const value = values[s.valueIndex % values.length] as string;
  const injections = pathInjections(victim);
  const inPath = s.location === 'path' || s.location === 'everywhere';
  const integration = inPath ? (injections[s.pathIndex % injections.length] as string) : 'hubspot-sync';
  const { method, path } = routePath(s.route, integration, victim);
  const headers: Record<string, string> = {};
  const params = new URLSearchParams();
  let body = baseBody(s.route, `xg-${slot}`);
  if (s.location === 'body' || s.location === 'everywhere') {
    body = { ...(body ?? {}), [s.spelling]: value };
  }
  if (s.location === 'body-nested' && body) {
    const nests: Array<(b: Record<string, unknown>) => void> = [
      (b) => {
        if (b.config) (b.config as Record<string, unknown>)[s.spelling] = value;
        else b[s.spelling] = value;
      },
      (b) => {
        const content = (b.config as { content?: Record<string, unknown> } | undefined)?.content;
        if (content) content[s.spelling] = value;
        else b[s.spelling] = value;
      },
      (b) => {
        const filters = b.fieldFilters as Array<Record<string, unknown>> | undefined;
        if (filters?.[0]) filters[0][s.spelling] = value;
        else b[s.spelling] = value;
      },
    ];
    nests[s.nestIndex % nests.length]?.(body);
  }
  if (s.location === 'body-legit-field' && body) {
    // Fields the browser may send, given the victim's values: they must still act for the attacker.
    if (s.route === 'create') body.connectionId = victim.connectionId;
    if (s.route === 'search')
      body.fieldFilters = [{ fieldName: 'groupRef', operator: 'eq', value: victim.groupRef }];
    if (s.route === 'invite') body.email = `admin@${victim.groupRef}.example.com`;
    if (s.route === 'update') {
      body.updateMask = ['connectionId'];
      body.installation = { connectionId: victim.connectionId };
    }
  }
  if (s.location === 'query' || s.location === 'everywhere') params.append(s.spelling, value);
  if (s.location === 'query-duplicate') {
    params.append('groupRef', attacker.groupRef);
    params.append(s.spelling, value);
  }
  if (s.location === 'header' || s.location === 'everywhere')
    headers[s.header] = [...value].filter((ch) => ch >= ' ').join('');
  if (s.route === 'create' || s.route === 'update') headers['Idempotency-Key'] = `xg-${slot}`;
  // A version that is never current: an update that gets through to the service changes nothing (412).
  if (s.route === 'update') headers['If-Match'] = '"0000-stale"';
  const query = params.size > 0 ? `?${params.toString()}` : s.route === 'create' ? '?skipSampling=true' : '';
  return {
    attacker,
    victim,
    route: s.route,
    location: s.location,
    method,
    path,
    query,
    headers,
    ...(body === undefined ? {} : { body }),
  };
}
