/**
 * The emulator's answers, each checked against the schema HubSpot's published OpenAPI document gives that
 * answer (./fixtures): list, one record, search, writes, batches, errors, properties and OAuth.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RunningHubSpotEmulator, startHubSpotEmulator } from '../src/index.js';
import { type SpecDocument, specErrors } from './openapi-schemas.js';

let emulator: RunningHubSpotEmulator;
let token: string;

beforeAll(async () => {
  emulator = await startHubSpotEmulator({ counts: { contacts: 30, companies: 5, deals: 10 } });
  token = emulator.issueTokens(['crm.objects.contacts.read']).accessToken;
});
afterAll(() => emulator.close());

async function call(
  method: string,
  path: string,
  body?: unknown,
): Promise<{ status: number; json: unknown }> {
  const headers: Record<string, string> = { authorization: `Bearer ${token}` };
  if (body !== undefined) headers['content-type'] = 'application/json';
  const answer = await fetch(`${emulator.url}${path}`, {
    method,
    headers,
    ...(body !== undefined && { body: JSON.stringify(body) }),
  });
  return { status: answer.status, json: await answer.json() };
}

async function expectConforms(
  answer: Promise<{ status: number; json: unknown }>,
  status: number,
  document: SpecDocument,
  schema: string,
) {
  const { status: actual, json } = await answer;
  expect(actual).toBe(status);
  expect(specErrors(document, schema, json)).toEqual([]);
}

describe("HubSpot's published schemas", () => {
  it('reject an answer that breaks them (the check can fail)', () => {
    const record = { id: '1', properties: {}, createdAt: '2024-01-01T00:00:00Z', archived: false };
    expect(specErrors('objects', 'SimplePublicObject', record)).toEqual([
      " must have required property 'updatedAt'",
    ]);
  });

  it('accept the CRM object answers', async () => {
    await expectConforms(
      call('GET', '/crm/v3/objects/contacts?limit=5&properties=email,phone'),
      200,
      'objects',
      'CollectionResponseSimplePublicObjectWithAssociationsForwardPaging',
    );
    await expectConforms(
      call('GET', '/crm/v3/objects/deals/3'),
      200,
      'objects',
      'SimplePublicObjectWithAssociations',
    );
    await expectConforms(
      call('GET', '/crm/v3/objects/companies?limit=5&associations=contacts,deals'),
      200,
      'objects',
      'CollectionResponseSimplePublicObjectWithAssociationsForwardPaging',
    );
    const search = {
      filterGroups: [{ filters: [{ propertyName: 'email', operator: 'HAS_PROPERTY' }] }],
      limit: 5,
    };
    await expectConforms(
      call('POST', '/crm/v3/objects/contacts/search', search),
      200,
      'objects',
      'CollectionResponseWithTotalSimplePublicObject',
    );
    await expectConforms(
      call('POST', '/crm/v3/objects/companies', { properties: { name: 'Schema Co' } }),
      201,
      'objects',
      'SimplePublicObject',
    );
    await expectConforms(
      call('PATCH', '/crm/v3/objects/companies/1', { properties: { numberofemployees: '12' } }),
      200,
      'objects',
      'SimplePublicObject',
    );
  });

  it('accept the batch answers, complete and partial', async () => {
    await expectConforms(
      call('POST', '/crm/v3/objects/contacts/batch/read', { inputs: [{ id: '1' }], properties: ['email'] }),
      200,
      'objects',
      'BatchResponseSimplePublicObject',
    );
    await expectConforms(
      call('POST', '/crm/v3/objects/contacts/batch/read', { inputs: [{ id: '1' }, { id: '9999' }] }),
      207,
      'objects',
      'BatchResponseSimplePublicObjectWithErrors',
    );
    await expectConforms(
      call('POST', '/crm/v3/objects/deals/batch/create', { inputs: [{ properties: { dealname: 'Batch' } }] }),
      201,
      'objects',
      'BatchResponseSimplePublicObject',
    );
  });

  it('accept the batch upsert answer', async () => {
    const inputs = [
      { id: 'upsert.new@example.com', idProperty: 'email', properties: { firstname: 'New' } },
      { id: '1', idProperty: 'hs_object_id', properties: {} },
    ];
    const refused = await call('POST', '/crm/v3/objects/contacts/batch/upsert', { inputs });
    expect(refused.status).toBe(400);
    await expectConforms(
      call('POST', '/crm/v3/objects/contacts/batch/upsert', { inputs: inputs.slice(0, 1) }),
      200,
      'objects',
      'BatchResponseSimplePublicUpsertObject',
    );
  });

  it('accept the error answers', async () => {
    await expectConforms(call('GET', '/crm/v3/objects/contacts/9999'), 404, 'objects', 'Error');
    await expectConforms(
      call('POST', '/crm/v3/objects/contacts', { properties: { nosuch: 'x' } }),
      400,
      'objects',
      'Error',
    );
    const unauthenticated = await fetch(`${emulator.url}/crm/v3/objects/contacts`);
    expect(specErrors('objects', 'Error', await unauthenticated.json())).toEqual([]);
  });

  it('accept the property definitions', async () => {
    for (const type of ['contacts', 'companies', 'deals']) {
      await expectConforms(
        call('GET', `/crm/v3/properties/${type}`),
        200,
        'properties',
        'CollectionResponsePropertyNoPaging',
      );
    }
  });

  it('accept the OAuth answers', async () => {
    const form = (fields: Record<string, string>) =>
      fetch(`${emulator.url}/oauth/v1/token`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams(fields),
      }).then(async (answer) => ({ status: answer.status, json: await answer.json() }));
    const first = emulator.issueTokens(['crm.objects.deals.read']);
    const refreshed = form({
      grant_type: 'refresh_token',
      client_id: emulator.app.clientId,
      client_secret: emulator.app.clientSecret,
      refresh_token: first.refreshToken,
    });
    await expectConforms(refreshed, 200, 'oauth', 'TokenResponseIF');
    const { json } = await refreshed;
    const { access_token, refresh_token } = json as { access_token: string; refresh_token: string };
    await expectConforms(
      call('GET', `/oauth/v1/access-tokens/${access_token}`),
      200,
      'oauth',
      'AccessTokenInfoResponse',
    );
    await expectConforms(
      call('GET', `/oauth/v1/refresh-tokens/${refresh_token}`),
      200,
      'oauth',
      'RefreshTokenInfoResponse',
    );
    await expectConforms(
      form({
        grant_type: 'refresh_token',
        client_id: emulator.app.clientId,
        client_secret: 'x',
        refresh_token,
      }),
      400,
      'oauth',
      'Error',
    );
  });
});
