import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestService } from './harness.js';
import { apiKeyHeaders, bearerHeaders, postJson, startTestService } from './harness.js';

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
});
