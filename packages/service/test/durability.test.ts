import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import {
  apiKeyHeaders,
  bearerHeaders,
  contactsConfig,
  createInstallationUrl,
  crmIntegration,
  postJson,
  readJsonResponse,
  startTestService,
} from './harness.js';

const dataDir = mkdtempSync(join(tmpdir(), 'splice-durability-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

describe('durability', () => {
  it('keeps every installation and invite across a restart', async () => {
    const first = await startTestService({ dataDir });
    const installUrl = (service: typeof first) =>
      createInstallationUrl(service, 'demo', crmIntegration.salesforce);
    const created = await postJson(installUrl(first), apiKeyHeaders(first), {
      groupRef: 'globex',
      config: contactsConfig({}, 'salesforce'),
    });
    const invited = await postJson(`${first.baseUrl}/orgs/org-demo/invites`, bearerHeaders(first), {
      email: 'kim@example.com',
    });
    expect(created.status).toBe(201);
    expect(invited.status).toBe(201);
    await first.close();

    // The restart stores new Salesforce tokens on the same connection: the installation keeps it.
    const again = await startTestService({
      dataDir,
      ...(first.databaseUrl && { databaseUrl: first.databaseUrl }),
    });
    try {
      const listed = await fetch(`${installUrl(again)}?groupRef=globex`, {
        headers: { 'x-api-key': again.apiKey },
      });
      // The same installation; only its connection was updated, with the new tokens.
      expect((await readJsonResponse(listed)).body).toEqual([
        { ...created.body, connection: { ...created.body.connection, updateTime: expect.any(String) } },
      ]);
      const repeat = await postJson(installUrl(again), apiKeyHeaders(again), {
        groupRef: 'globex',
        config: contactsConfig({}, 'salesforce'),
      });
      expect(repeat.status).toBe(409);
      const reinvite = await postJson(`${again.baseUrl}/orgs/org-demo/invites`, bearerHeaders(again), {
        email: 'kim@example.com',
      });
      expect(reinvite.status).toBe(409);
      expect(reinvite.body.detail).toContain(invited.body.id);
    } finally {
      await again.close();
    }
  });
});
