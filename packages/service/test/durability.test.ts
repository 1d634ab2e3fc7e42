import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { startService } from '../src/index.js';
import {
  apiKeyHeaders,
  bearerHeaders,
  contactsConfig,
  createInstallationUrl,
  postJson,
  readJsonResponse,
} from './harness.js';

const dataDir = mkdtempSync(join(tmpdir(), 'splice-durability-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

describe('durability', () => {
  it('keeps every installation and invite across a restart', async () => {
    const first = await startService({ port: 0, dataDir, contacts: 2_000, runReads: false });
    const created = await postJson(createInstallationUrl(first), apiKeyHeaders(first), {
      groupRef: 'globex',
      config: contactsConfig(),
    });
    const invited = await postJson(`${first.baseUrl}/orgs/org-demo/invites`, bearerHeaders(first), {
      email: 'kim@example.com',
    });
    expect(created.status).toBe(201);
    expect(invited.status).toBe(201);
    await first.close();

    const again = await startService({ port: 0, dataDir, contacts: 2_000, runReads: false });
    try {
      const listed = await fetch(
        `${again.baseUrl}/projects/demo/integrations/crm-sync/installations?groupRef=globex`,
        { headers: { 'x-api-key': again.apiKey } },
      );
      expect((await readJsonResponse(listed)).body).toEqual([created.body]);
      const repeat = await postJson(createInstallationUrl(again), apiKeyHeaders(again), {
        groupRef: 'globex',
        config: contactsConfig(),
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
