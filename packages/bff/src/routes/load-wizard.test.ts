import type { PreviousConfig } from '@splice/schema';
import { installationSchema, integrationSchema } from '@splice/schema';
import { describe, expect, it } from 'vitest';
import * as fixtures from '../../test/helpers/fixtures.js';
import { assembleWizard } from './load-wizard.js';

const integration = integrationSchema.parse(fixtures.integration);
const installation = installationSchema.parse(fixtures.installation);
const previousConfig: PreviousConfig = {
  content: { provider: 'sandboxcrm', read: { objects: { contacts: { objectName: 'contacts' } } } },
  uninstallTime: '2026-11-01T10:00:00.000Z',
  expireTime: '2026-12-01T10:00:00.000Z',
};

describe('assembleWizard', () => {
  it('offers the previous config to a group without an installation', () => {
    const wizard = assembleWizard(integration, [], [], new Map(), { previousConfig });
    expect(wizard.previousConfig).toEqual(previousConfig);
  });

  it('offers no previous config once the group is installed again: its installation has settings of its own', () => {
    const wizard = assembleWizard(integration, [installation], [], new Map(), { previousConfig });
    expect(wizard.installation?.id).toBe('inst-1');
    expect(wizard.previousConfig).toBeNull();
  });
});
