/**
 * Creating or updating an installation plans its reads inside the operation itself, so every caller (the
 * routes, an embedder calling the functions) gets a planned installation without remembering to ask the
 * read engine. Called here without any route in between.
 */
import { installationRequestSchema } from '@splice/schema';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { ServiceDeps } from '../src/deps.js';
import { createInstallation } from '../src/installations/create-installation.js';
import { updateInstallation } from '../src/installations/update-installation.js';
import { findIntegration } from '../src/lookups/find-integration.js';
import { contactsConfig, startTestService, type TestService } from './harness.js';

let service: TestService;

beforeAll(async () => {
  service = await startTestService();
});
afterAll(async () => {
  await service.dispose();
});

describe('installation operations plan the reads themselves', () => {
  it('plans a created installation, then plans it again after an update, with the manifest they hold', async () => {
    const planned = vi.spyOn(service.reads, 'installationChanged');
    await service.withRepo(async (repo) => {
      // Only what the two operations use: the repository and the read engine (sampling is skipped).
      const deps = { repo, providers: new Map(), reads: service.reads } as unknown as ServiceDeps;
      const target = await findIntegration(repo, 'demo', 'hubspot-sync');
      const request = installationRequestSchema.parse({ groupRef: 'acme', config: contactsConfig() });

      const { installation } = await createInstallation(deps, { target, request, skipSampling: true });
      expect(planned).toHaveBeenCalledTimes(1);
      expect(planned).toHaveBeenLastCalledWith(installation, target.manifest);
      const objects = await service.reads.store.readObjects(installation.id);
      expect(objects.map((object) => object.objectName)).toContain('contacts');

      const updated = await updateInstallation(deps, {
        target,
        installation,
        update: {
          updateMask: ['config.content.read.objects.contacts'],
          installation: {
            config: {
              content: { read: { objects: { contacts: { objectName: 'contacts', disabled: true } } } },
            },
          },
        } as never,
        skipSampling: true,
        expectedVersion: undefined,
      });
      expect(planned).toHaveBeenCalledTimes(2);
      expect(planned).toHaveBeenLastCalledWith(updated, target.manifest);
    });
    planned.mockRestore();
  });
});
