import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestService } from './harness.js';
import { apiKeyHeaders, bearerHeaders, postJson, readJsonResponse, startTestService } from './harness.js';

let service: TestService;
beforeAll(async () => {
  service = await startTestService();
});
afterAll(() => service.dispose());

const invitesUrl = (orgId = 'org-demo') => `${service.baseUrl}/orgs/${orgId}/invites`;

describe('org invites (interface: org invites)', () => {
  it('creates a pending invite to the org', async () => {
    const before = Date.now();
    const res = await postJson(invitesUrl(), bearerHeaders(service), { email: 'dana@example.com' });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      invitedEmail: 'dana@example.com',
      parentType: 'org',
      parentId: 'org-demo',
      status: 'pending',
    });
    expect(typeof res.body.id).toBe('string');
    expect(Date.parse(res.body.createTime)).toBeGreaterThanOrEqual(before - 1000);
    expect(new Date(res.body.updateTime).toISOString()).toBe(res.body.updateTime);
  });

  it('refuses a malformed e-mail with an issue naming email', async () => {
    const res = await postJson(invitesUrl(), bearerHeaders(service), { email: 'not-an-address' });
    expect(res.status).toBe(400);
    expect(res.body.issues).toEqual([
      expect.objectContaining({ name: 'email', in: 'body', value: 'not-an-address' }),
    ]);
    expect(res.body.issues[0].detail).toMatch(/e-mail/);
  });

  it('needs the bearer token: an API key alone is refused', async () => {
    const res = await postJson(invitesUrl(), apiKeyHeaders(service), { email: 'eve@example.com' });
    expect(res.status).toBe(401);
  });

  it('answers an unknown org with 404', async () => {
    const res = await postJson(invitesUrl('org-nope'), bearerHeaders(service), { email: 'eve@example.com' });
    expect(res.status).toBe(404);
    expect(res.body.type).toBe('urn:problem-type:org-not-found');
  });

  it('refuses a second pending invite for the same address, whatever its case', async () => {
    const res = await postJson(invitesUrl(), bearerHeaders(service), { email: 'Dana@Example.com' });
    expect(res.status).toBe(409);
    expect(res.body.type).toBe('urn:problem-type:invite-exists');
  });

  it('lists the org invites and revokes a pending one (the hosted listOrgInvites and deleteOrgInvite)', async () => {
    const created = await postJson(invitesUrl(), bearerHeaders(service), { email: 'ravi@example.com' });
    expect(created.status).toBe(201);
    const get = () => fetch(invitesUrl(), { headers: bearerHeaders(service) }).then(readJsonResponse);
    const listed = await get();
    expect(listed.status).toBe(200);
    expect(listed.body).toContainEqual(expect.objectContaining({ id: created.body.id, status: 'pending' }));
    expect(listed.body[0]).not.toHaveProperty('orgId');

    const revoke = (headers: Record<string, string>) =>
      fetch(`${invitesUrl()}/${created.body.id}`, { method: 'DELETE', headers });
    expect((await revoke(apiKeyHeaders(service))).status).toBe(401);
    expect((await revoke(bearerHeaders(service))).status).toBe(204);
    const after = await get();
    expect(after.body).toContainEqual(expect.objectContaining({ id: created.body.id, status: 'revoked' }));
    // Revoked once: a second revoke finds no pending invite, and the address can be invited again.
    expect((await revoke(bearerHeaders(service))).status).toBe(404);
    const again = await postJson(invitesUrl(), bearerHeaders(service), { email: 'ravi@example.com' });
    expect(again.status).toBe(201);
  });

  it('lists nothing without the bearer token, and 404 for an unknown org', async () => {
    expect((await fetch(invitesUrl(), { headers: apiKeyHeaders(service) })).status).toBe(401);
    expect((await fetch(invitesUrl('org-nope'), { headers: bearerHeaders(service) })).status).toBe(404);
  });
});

describe('providers (the hosted GET /providers/{provider})', () => {
  it("answers the provider's display name without credentials, 404 for an unknown one", async () => {
    const res = await fetch(`${service.baseUrl}/providers/hubspot`).then(readJsonResponse);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ name: 'hubspot', displayName: 'HubSpot' });
    expect((await fetch(`${service.baseUrl}/providers/nope`)).status).toBe(404);
  });
});
