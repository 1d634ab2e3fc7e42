import { Hono } from 'hono';
import { describe, expect, it } from 'vitest';
import { errorHandler } from '../../problem/handlers.js';
import { sessionBoundParams } from './index.js';
import { isSessionBoundName } from './session-bound.js';

describe('isSessionBoundName', () => {
  it('recognises a group or organization however it is spelt', () => {
    for (const name of [
      'groupRef',
      'group_ref',
      'X-Group-Ref',
      'groupId',
      'orgId',
      'ORG_ID',
      'organizationId',
    ]) {
      expect(isSessionBoundName(name)).toBe(true);
    }
  });

  it('leaves other names alone', () => {
    for (const name of ['objectName', 'groupName', 'organization', 'email', 'x-requested-with']) {
      expect(isSessionBoundName(name)).toBe(false);
    }
  });
});

describe('sessionBoundParams', () => {
  const app = new Hono()
    .use(sessionBoundParams())
    .get('/', (c) => c.json({ ok: true }))
    .onError(errorHandler(() => {}));

  it('refuses a query or header naming a group, one issue per name', async () => {
    const response = await app.request('/?groupRef=a&groupRef=b', { headers: { 'X-Org-Id': 'o' } });
    expect(response.status).toBe(400);
    const body = (await response.json()) as { issues: { in: string; name: string }[] };
    expect(body.issues.map((i) => `${i.in}:${i.name}`)).toEqual(['query:groupRef', 'header:x-org-id']);
  });

  it('lets other parameters through', async () => {
    expect((await app.request('/?objectName=contacts')).status).toBe(200);
  });
});
