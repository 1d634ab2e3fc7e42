import type { Problem } from '@splice/schema';
import {
  browserSearchResponseSchema,
  installationSchema,
  integrationDetailsSchema,
  inviteListSchema,
  inviteSchema,
  problemSchema,
} from '@splice/schema';
import { describe, expect, it } from 'vitest';
import { browserHeaders } from '../helpers/sessions.js';
import { useHostedContract } from './contract-setup.js';
import { hostedInstallation, hostedIntegration } from './hosted-double.js';

/**
 * The BFF against answers shaped as the hosted service's public description allows (see hosted-double.ts).
 * Every route gets its documented answer (checked against the BFF's own schemas), never a 502 for an
 * answer the description allows, and every request the BFF sends keeps to the description.
 */

const contract = useHostedContract();

// The workspace (the provider account's name) is not among them: the group's own member is shown it.
const secrets = /SECRET|client-123|access|refresh/;

function wizard() {
  return fetch(`${contract.bff.url}/integrations/int-nw-sync`, { headers: browserHeaders('alice') });
}

function create(
  body: unknown = {
    config: { content: { provider: 'northwind', read: { objects: { account: { objectName: 'account' } } } } },
  },
  key = crypto.randomUUID(),
) {
  return fetch(`${contract.bff.url}/integrations/int-nw-sync/installations`, {
    method: 'POST',
    headers: browserHeaders('alice', { 'Idempotency-Key': key }),
    body: JSON.stringify(body),
  });
}

function search(
  body: unknown = {
    objectName: 'account',
    fieldFilters: [{ fieldName: 'name', operator: 'eq', value: 'Initrode' }],
  },
) {
  return fetch(`${contract.bff.url}/integrations/int-nw-sync/search`, {
    method: 'POST',
    headers: browserHeaders('alice'),
    body: JSON.stringify(body),
  });
}

function invite(email = 'dana@example.com') {
  return fetch(`${contract.bff.url}/invites`, {
    method: 'POST',
    headers: browserHeaders('alice'),
    body: JSON.stringify({ email }),
  });
}

/** A documented problem answer: problem+json, the interface's fields only. */
async function problemOf(response: Response): Promise<Problem> {
  expect(response.headers.get('content-type')).toBe('application/problem+json');
  return problemSchema.parse(await response.json());
}

describe('GET /integrations/:integrationId with hosted answers', () => {
  it('reads a hosted integration, connection and fields before any installation, in the documented shape', async () => {
    const response = await wizard();
    expect(response.status).toBe(200);
    const text = await response.text();
    expect(text).not.toMatch(secrets);
    const body = integrationDetailsSchema.parse(JSON.parse(text));
    expect(body.integration).toEqual({
      id: 'int-nw-sync',
      name: 'nw-sync',
      displayName: 'Northwind sync',
      provider: 'northwind',
      // From getProvider's displayName: the user sees the provider's name, never its id.
      providerDisplayName: 'Northwind CRM',
    });
    expect(body.readObjects.map((o) => [o.objectName, o.fieldsError])).toEqual([
      ['account', null],
      ['person', null],
      ['deal', null],
    ]);
    const account = body.readObjects[0];
    // A field without a type, or with a type this version does not know, is offered as text (`other`).
    expect(account?.fields.map((f) => [f.fieldName, f.valueType])).toEqual([
      ['name', 'string'],
      ['email', 'other'],
      ['tier', 'singleSelect'],
      ['headcount', 'int'],
      ['region', 'other'],
    ]);
    expect(account?.manifest).toEqual({
      objectName: 'account',
      destination: 'accountsHook',
      schedule: '*/30 * * * *',
      requiredFields: [
        { fieldName: 'name' },
        { mapToName: 'segment', mapToDisplayName: 'Segment', prompt: 'Where is the segment kept?' },
      ],
      optionalFieldsAuto: 'all',
    });
    expect(account?.mappingInputs.map((m) => [m.mapToName, m.required])).toEqual([['segment', true]]);
    // A free-string schedule is not a cron the wizard can show: it is left out, the wizard's default applies.
    expect(body.readObjects[1]?.manifest).not.toHaveProperty('schedule');
    expect(body.readObjects[2]?.enabledAlways).toBe(true);
    expect(body.writeObjects.map((o) => [o.objectName, o.fields.length])).toEqual([['person', 5]]);
    expect(body.proxy).toEqual({ allowed: true });
    expect(body.installation).toBeNull();
    expect(body.connection).toMatchObject({
      id: 'conn-nw-1',
      status: 'working',
      consumer: { consumerRef: 'alice' },
    });
    expect(body.searchableObjects).toEqual([]);
    // Fields come from the provider-level path, which needs no installation.
    expect(contract.upstream.calls('metadata').map((r) => r.url)).toEqual(
      expect.arrayContaining([
        '/v1/projects/demo/providers/northwind/objects/account/metadata?groupRef=acme',
        '/v1/projects/demo/providers/northwind/objects/person/metadata?groupRef=acme',
      ]),
    );
  });

  it('reads an installed group: config content with `subscribe`, tokens on the connection', async () => {
    contract.upstream.scenario.installations = {
      status: 200,
      body: [
        hostedInstallation({
          person: { objectName: 'person', disabled: true, selectedFields: {}, selectedFieldMappings: {} },
        }),
      ],
    };
    const response = await wizard();
    expect(response.status).toBe(200);
    const text = await response.text();
    expect(text).not.toMatch(secrets);
    const body = integrationDetailsSchema.parse(JSON.parse(text));
    expect(body.installation?.config.content).not.toHaveProperty('subscribe');
    expect(Object.keys(body.installation?.config.content.read?.objects ?? {})).toEqual(['account', 'person']);
    // docs/service-interface.md, search rules: account enabled, person disabled, deal `enabled: always`.
    expect(body.searchableObjects).toEqual(['account', 'deal']);
  });

  it('names the provider by its id when getProvider fails, and the wizard still answers', async () => {
    contract.upstream.scenario.provider = { status: 500, body: { title: 'Internal' } };
    const response = await wizard();
    expect(response.status).toBe(200);
    const body = integrationDetailsSchema.parse(await response.json());
    expect(body.integration.providerDisplayName).toBe('northwind');
  });

  it('reads a write-only integration (no `read` at all)', async () => {
    const { read: _, ...content } = hostedIntegration.latestRevision.content;
    contract.upstream.scenario.integration = {
      status: 200,
      body: { ...hostedIntegration, latestRevision: { ...hostedIntegration.latestRevision, content } },
    };
    const response = await wizard();
    expect(response.status).toBe(200);
    const body = integrationDetailsSchema.parse(await response.json());
    expect(body.readObjects).toEqual([]);
    expect(body.writeObjects.map((o) => o.objectName)).toEqual(['person']);
  });

  it('turns one object’s unreadable metadata into that object’s fieldsError, and logs where it broke', async () => {
    contract.upstream.scenario.metadata.person = {
      status: 200,
      body: { name: 'person', fields: 'none today' },
    };
    const logsBefore = contract.bff.logs.length;
    const response = await wizard();
    expect(response.status).toBe(200);
    const body = integrationDetailsSchema.parse(await response.json());
    const person = body.readObjects.find((o) => o.objectName === 'person');
    expect(person?.fields).toEqual([]);
    expect(person?.fieldsError).toMatch(/could not be read/);
    expect(body.readObjects.find((o) => o.objectName === 'account')?.fields).toHaveLength(5);
    const unusable = contract.bff.logs
      .slice(logsBefore)
      .find((entry) => entry.msg === 'upstream answer unusable');
    expect(unusable).toMatchObject({
      level: 'warn',
      operation: 'getObjectMetadata',
      problems: [{ path: '$.fields', expected: 'object', got: 'string' }],
    });
  });

  it('tells a missing connection or object per object, from problems without title or status', async () => {
    contract.upstream.scenario.metadata.account = {
      status: 422,
      body: { type: 'urn:problem-type:connection-required', detail: 'No connection for northwind.' },
    };
    contract.upstream.scenario.metadata.deal = { status: 404, body: {} };
    const response = await wizard();
    expect(response.status).toBe(200);
    const body = integrationDetailsSchema.parse(await response.json());
    expect(body.readObjects.find((o) => o.objectName === 'account')?.fieldsError).toMatch(/connect/i);
    expect(body.readObjects.find((o) => o.objectName === 'deal')?.fieldsError).toBe(
      'The requested resource does not exist.',
    );
  });

  it('answers an unknown integration with 404 from a problem that has only a detail', async () => {
    contract.upstream.scenario.integration = {
      status: 404,
      body: { detail: 'Integration nw-nothing was not found.' },
    };
    const response = await wizard();
    expect(response.status).toBe(404);
    expect(await problemOf(response)).toMatchObject({ status: 404, title: 'Not Found' });
  });
});

describe('POST /integrations/:integrationId/installations with hosted answers', () => {
  it('answers 201 with the documented installation from a hosted one, and sends what the description requires', async () => {
    const response = await create();
    expect(response.status).toBe(201);
    const text = await response.text();
    expect(text).not.toMatch(secrets);
    const installation = installationSchema.parse(JSON.parse(text));
    expect(installation.config.content).not.toHaveProperty('subscribe');
    const sent = JSON.parse(contract.upstream.calls('create').at(-1)?.body ?? '{}');
    expect(sent.config.content.read.objects.account).toEqual({
      objectName: 'account',
      selectedFields: {},
      selectedFieldMappings: {},
    });
  });

  it('keeps a create that succeeded a success when its answer cannot be fully read, and replays it', async () => {
    contract.upstream.scenario.create = {
      status: 201,
      body: { id: 'inst-odd', healthStatus: 'healthy', config: 'later' },
    };
    const key = crypto.randomUUID();
    const before = contract.upstream.calls('create').length;
    const first = await create(undefined, key);
    expect(first.status).toBe(201);
    expect(await first.json()).toEqual({ id: 'inst-odd', healthStatus: 'healthy' });
    // The retry of a lost answer: replayed, not sent again (which would meet a 409).
    contract.upstream.scenario.create = { status: 409, body: { detail: 'Already installed.' } };
    const again = await create(undefined, key);
    expect(again.status).toBe(201);
    expect(again.headers.get('idempotent-replayed')).toBe('true');
    expect(contract.upstream.calls('create').length - before).toBe(1);
    expect(
      contract.bff.logs.some(
        (e) => e.msg.startsWith('upstream answer partly unreadable') && e.operation === 'createInstallation',
      ),
    ).toBe(true);
  });

  it('keeps a create a success even when its answer is not JSON', async () => {
    contract.upstream.scenario.create = { status: 201, body: '' };
    const response = await create();
    expect(response.status).toBe(201);
    expect(await response.json()).toEqual({});
  });

  it('passes a failed sample read (422) on with issues lacking `in` or `detail` at the browser’s names', async () => {
    contract.upstream.scenario.create = {
      status: 422,
      body: {
        type: 'urn:problem-type:sample-read-failed',
        issues: [
          { name: 'config.content.read.objects.account.selectedFields.shoeSize', title: 'Field not visible' },
          {
            in: 'body',
            name: 'config.content.read.objects.account.objectName',
            detail: 'Not readable by this user.',
          },
          { detail: 'The connected user lacks the read scope.' },
        ],
      },
    };
    const response = await create();
    expect(response.status).toBe(422);
    const problem = await problemOf(response);
    expect(problem).toMatchObject({
      type: 'urn:problem-type:sample-read-failed',
      title: 'Unprocessable Content',
      detail: 'The connected user lacks the read scope.',
    });
    expect(problem.issues).toEqual([
      {
        type: 'about:blank',
        title: 'Field not visible',
        detail: 'Field not visible',
        in: 'body',
        name: 'config.content.read.objects.account.selectedFields.shoeSize',
      },
      {
        type: 'about:blank',
        detail: 'Not readable by this user.',
        in: 'body',
        name: 'config.content.read.objects.account.objectName',
      },
    ]);
  });

  it('answers a second installation with 409 from a problem without title or status', async () => {
    contract.upstream.scenario.create = {
      status: 409,
      body: { type: 'about:blank', detail: 'This integration is installed already.' },
    };
    const response = await create();
    expect(response.status).toBe(409);
    expect(await problemOf(response)).toMatchObject({
      status: 409,
      title: 'Conflict',
      detail: 'This integration is installed already.',
    });
  });

  it('answers a 400 about the session’s groupRef, without `in`, as “account not ready”', async () => {
    contract.upstream.scenario.create = {
      status: 400,
      body: { issues: [{ name: 'groupRef', detail: 'unknown' }] },
    };
    const response = await create();
    expect(response.status).toBe(422);
    expect((await problemOf(response)).type).toBe('urn:problem-type:account-not-ready');
  });
});

describe('value mappings toward the hosted service, which maps one provider value per app value', () => {
  const withMapping = (stage: Record<string, string | string[]>) => ({
    config: {
      content: {
        provider: 'northwind',
        read: { objects: { account: { objectName: 'account', selectedValueMappings: { stage } } } },
      },
    },
  });

  it('sends a one-to-one mapping as the map of strings the description has', async () => {
    const response = await create(withMapping({ customer: 'closed_won' }));
    expect(response.status).toBe(201);
    const sent = JSON.parse(contract.upstream.calls('create').at(-1)?.body ?? '{}');
    expect(sent.config.content.read.objects.account.selectedValueMappings).toEqual({
      stage: { customer: 'closed_won' },
    });
  });

  it('refuses several provider values for one app value before any call, naming that app value', async () => {
    const before = contract.upstream.calls('create').length;
    const response = await create(withMapping({ customer: ['closed_won', 'renewal'], lead: 'new' }));
    expect(response.status).toBe(400);
    const problem = await problemOf(response);
    expect(problem.issues).toEqual([
      expect.objectContaining({
        in: 'body',
        name: 'config.content.read.objects.account.selectedValueMappings.stage.customer',
        value: ['closed_won', 'renewal'],
      }),
    ]);
    expect(contract.upstream.calls('create').length).toBe(before);
  });
});

describe('POST /integrations/:integrationId/search with hosted answers', () => {
  it('reads `result` without `id`, taking the record’s own id where it has one', async () => {
    contract.upstream.scenario.search = {
      status: 200,
      body: {
        result: [
          { fields: { name: 'Initrode' }, mappedFields: { companyName: 'Initrode' }, raw: { Id: 'A-17' } },
          { fields: { name: 'Umbrella' }, raw: {} },
        ],
      },
    };
    const response = await search();
    expect(response.status).toBe(200);
    expect(browserSearchResponseSchema.parse(await response.json())).toEqual({
      results: [
        {
          id: 'A-17',
          fields: { name: 'Initrode' },
          mappedFields: { companyName: 'Initrode' },
          raw: { Id: 'A-17' },
        },
        { id: null, fields: { name: 'Umbrella' }, mappedFields: {}, raw: {} },
      ],
    });
  });

  it('reads an answer without any result list as no results', async () => {
    contract.upstream.scenario.search = { status: 200, body: {} };
    const response = await search();
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ results: [] });
  });

  it('passes a 400 sent as plain application/json (as the search description has it) on as 400', async () => {
    contract.upstream.scenario.search = {
      status: 400,
      body: { title: 'Bad Request', detail: 'The filter value does not fit the field.', subsystem: 'search' },
      contentType: 'application/json',
    };
    const response = await search();
    expect(response.status).toBe(400);
    expect(await problemOf(response)).toMatchObject({ detail: 'The filter value does not fit the field.' });
  });

  it('sends the description’s search body', async () => {
    await search({
      objectName: 'person',
      fieldFilters: [{ fieldName: 'workEmail', operator: 'eq', value: 'a@b.example' }],
    });
    const sent = contract.upstream.calls('search').at(-1);
    expect(sent?.url).toBe('/search/v1/projects/demo/integrations/int-nw-sync?groupRef=acme');
    expect(JSON.parse(sent?.body ?? '{}')).toEqual({
      objectName: 'person',
      fieldFilters: [{ fieldName: 'workEmail', operator: 'eq', value: 'a@b.example' }],
    });
  });
});

describe('POST /invites with hosted answers', () => {
  it('answers 201 with the documented invite, members the interface does not show dropped', async () => {
    const response = await invite();
    expect(response.status).toBe(201);
    const body = await response.json();
    expect(inviteSchema.safeParse(body).success).toBe(true);
    expect(body).not.toHaveProperty('inviter');
  });

  it('answers a repeated invite with 409 from a problem with neither title nor status', async () => {
    contract.upstream.scenario.invite = { status: 409, body: { type: 'urn:problem-type:invite-exists' } };
    const response = await invite();
    expect(response.status).toBe(409);
    expect(await problemOf(response)).toMatchObject({
      type: 'urn:problem-type:invite-exists',
      title: 'Conflict',
    });
  });

  it('places an issue about the e-mail without `in` on the browser’s `email`', async () => {
    contract.upstream.scenario.invite = {
      status: 400,
      body: { issues: [{ name: 'email', detail: 'Not a deliverable address.' }] },
    };
    const response = await invite('nobody@invalid.example');
    expect(response.status).toBe(400);
    expect((await problemOf(response)).issues).toEqual([
      { type: 'about:blank', detail: 'Not a deliverable address.', in: 'body', name: 'email' },
    ]);
  });
});

describe('GET and DELETE /invites with hosted answers', () => {
  const list = (user = 'alice') => fetch(`${contract.bff.url}/invites`, { headers: browserHeaders(user) });
  const revoke = (id: string, user = 'alice') =>
    fetch(`${contract.bff.url}/invites/${id}`, { method: 'DELETE', headers: browserHeaders(user) });

  it('lists the group’s pending invite from listOrgInvites, and only to that group', async () => {
    expect((await invite()).status).toBe(201);
    contract.upstream.scenario.invites = {
      status: 200,
      body: [
        { ...(contract.upstream.scenario.invites.body as object[])[0], inviter: { id: 'builder-1' } },
        // Another group's invite in the same organization: the BFF never sent it for alice's group.
        {
          id: 'inv-other-group',
          invitedEmail: 'someone@example.com',
          parentType: 'org',
          parentId: 'org-demo',
          status: 'pending',
          createTime: '2026-10-30T08:16:00Z',
        },
      ],
    };
    const response = await list();
    expect(response.status).toBe(200);
    const body = inviteListSchema.parse(await response.json());
    expect(body.invites.map((i) => i.id)).toEqual(['inv-nw-1']);
    expect(body.invites[0]).not.toHaveProperty('inviter');
    expect(contract.upstream.calls('invites').at(-1)?.url).toBe('/v1/orgs/org-demo/invites');
    expect(inviteListSchema.parse(await (await list('bob')).json()).invites).toEqual([]);
  });

  it('revokes with deleteOrgInvite (204), and refuses another group with 404 before calling it', async () => {
    expect((await invite()).status).toBe(201);
    const before = contract.upstream.calls('revokeInvite').length;
    expect((await revoke('inv-nw-1', 'bob')).status).toBe(404);
    expect(contract.upstream.calls('revokeInvite')).toHaveLength(before);
    expect((await revoke('inv-nw-1')).status).toBe(204);
    expect(contract.upstream.calls('revokeInvite').at(-1)).toMatchObject({
      method: 'DELETE',
      url: '/v1/orgs/org-demo/invites/inv-nw-1',
    });
  });

  it('tells a hosted 404 on revoke (accepted or gone meanwhile) as the same 404', async () => {
    expect((await invite()).status).toBe(201);
    contract.upstream.scenario.revokeInvite = { status: 404, body: { type: 'about:blank' } };
    const response = await revoke('inv-nw-1');
    expect(response.status).toBe(404);
    expect((await problemOf(response)).detail).toContain('inv-nw-1');
  });
});
