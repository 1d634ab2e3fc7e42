import type { Invite, InviteList } from '@splice/schema';
import { inviteListSchema } from '@splice/schema';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MemoryInviteStore } from '../src/index.js';
import { problemOf } from './helpers/read.js';
import { startRealService } from './helpers/real-service.js';
import { browserHeaders } from './helpers/sessions.js';
import type { RunningBff } from './helpers/start-bff.js';
import { startBff } from './helpers/start-bff.js';

/**
 * Pending invites survive a reload and can be revoked. The service lists the
 * whole organization's invites; alice and carol (group acme) and bob (group globex) share one organization,
 * so each group must see and revoke only what it sent.
 */

let service: Awaited<ReturnType<typeof startRealService>>;
let bff: RunningBff;
const inviteStore = new MemoryInviteStore();

beforeAll(async () => {
  service = await startRealService();
  bff = await startBff(service, { inviteStore });
});
afterAll(async () => {
  await bff.close();
  await service.stop();
});

let unique = 0;
const address = (name: string) => `${name}.${++unique}.${Date.now()}@example.com`;

async function send(user: string, email: string): Promise<Invite> {
  const response = await fetch(`${bff.url}/invites`, {
    method: 'POST',
    headers: browserHeaders(user),
    body: JSON.stringify({ email }),
  });
  expect(response.status).toBe(201);
  return (await response.json()) as Invite;
}

async function list(user: string): Promise<InviteList> {
  const response = await fetch(`${bff.url}/invites`, { headers: browserHeaders(user) });
  expect(response.status).toBe(200);
  const body: unknown = await response.json();
  expect(inviteListSchema.safeParse(body).success).toBe(true);
  return body as InviteList;
}

const revoke = (user: string, inviteId: string) =>
  fetch(`${bff.url}/invites/${encodeURIComponent(inviteId)}`, {
    method: 'DELETE',
    headers: browserHeaders(user),
  });

/** The organization's invites as the service holds them (the bearer token, as the BFF sends it). */
async function serviceInvites(): Promise<Invite[]> {
  const response = await fetch(`${service.baseUrl}/orgs/org-demo/invites`, {
    headers: { Authorization: `Bearer ${service.authToken}` },
  });
  expect(response.status).toBe(200);
  return (await response.json()) as Invite[];
}

describe('GET /invites', () => {
  it('lists the group’s pending invites, newest first, on every later request', async () => {
    const first = await send('alice', address('dana'));
    const second = await send('alice', address('erin'));
    const ids = (await list('alice')).invites.map((invite) => invite.id);
    expect(ids.slice(0, 2)).toEqual([second.id, first.id]);
    // carol signs in to the same group: the list is the group's, not the browser's memory.
    expect((await list('carol')).invites.map((invite) => invite.id)).toEqual(ids);
  });

  it('never shows another group’s invites, although the service lists them for the organization', async () => {
    const mine = await send('alice', address('frank'));
    const theirs = await send('bob', address('grace'));
    const org = (await serviceInvites()).map((invite) => invite.id);
    expect(org).toEqual(expect.arrayContaining([mine.id, theirs.id]));
    const aliceSees = (await list('alice')).invites.map((invite) => invite.id);
    const bobSees = (await list('bob')).invites.map((invite) => invite.id);
    expect(aliceSees).toContain(mine.id);
    expect(aliceSees).not.toContain(theirs.id);
    expect(bobSees).toEqual([theirs.id]);
    // ivan's group sent nothing: an empty list, not the organization's.
    expect((await list('ivan')).invites).toEqual([]);
  });

  it('refuses a query string (the group comes from the session only)', async () => {
    const response = await fetch(`${bff.url}/invites?groupRef=globex`, { headers: browserHeaders('alice') });
    expect(response.status).toBe(400);
  });
});

describe('DELETE /invites/:inviteId', () => {
  it('revokes the group’s own invite: 204, gone from the list, revoked in the service', async () => {
    const invite = await send('alice', address('heidi'));
    const response = await revoke('carol', invite.id);
    expect(response.status).toBe(204);
    expect((await list('alice')).invites.map((i) => i.id)).not.toContain(invite.id);
    expect((await serviceInvites()).find((i) => i.id === invite.id)?.status).toBe('revoked');
    // The address may be invited again once the earlier invite is revoked.
    await send('alice', invite.invitedEmail);
  });

  it('answers 404, not 403, for another group’s invite, and leaves it pending', async () => {
    const theirs = await send('bob', address('judy'));
    const response = await revoke('alice', theirs.id);
    expect(response.status).toBe(404);
    const problem = await problemOf(response);
    expect(problem).toMatchObject({ status: 404, title: 'Not Found' });
    expect(JSON.stringify(problem)).not.toMatch(/globex|bob/);
    expect((await serviceInvites()).find((i) => i.id === theirs.id)?.status).toBe('pending');
    expect((await list('bob')).invites.map((i) => i.id)).toContain(theirs.id);
  });

  it('answers the same 404 for an ID that does not exist and for one revoked already', async () => {
    const unknown = await revoke('alice', 'no-such-invite');
    expect(unknown.status).toBe(404);
    const invite = await send('alice', address('kim'));
    expect((await revoke('alice', invite.id)).status).toBe(204);
    const again = await revoke('alice', invite.id);
    expect(again.status).toBe(404);
    const unknownDetail = (await problemOf(unknown)).detail ?? '';
    expect((await problemOf(again)).detail).toBe(unknownDetail.replace('no-such-invite', invite.id));
  });

  it('tells an invite revoked in the service directly as gone, and stops listing it', async () => {
    const invite = await send('alice', address('liam'));
    const direct = await fetch(`${service.baseUrl}/orgs/org-demo/invites/${invite.id}`, {
      method: 'DELETE',
      headers: { Authorization: `Bearer ${service.authToken}` },
    });
    expect(direct.status).toBe(204);
    expect((await list('alice')).invites.map((i) => i.id)).not.toContain(invite.id);
    expect((await revoke('alice', invite.id)).status).toBe(404);
    expect(await inviteStore.find('org-demo', invite.id)).toBeUndefined();
  });

  it('refuses an ID outside the path rule with a 400 naming inviteId', async () => {
    const response = await revoke('alice', '.hidden');
    expect(response.status).toBe(400);
    expect((await problemOf(response)).issues).toEqual([
      expect.objectContaining({ in: 'path', name: 'inviteId' }),
    ]);
  });
});
