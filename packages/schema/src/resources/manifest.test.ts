import { describe, expect, it } from 'vitest';
import { toIssues } from '../rules/issues.js';
import { manifestReadObjectSchema, manifestSchema } from './manifest.js';

describe('manifest (interface: manifest)', () => {
  it('accepts a spec version and an integration reading three objects, one always enabled', () => {
    const input = {
      specVersion: '1.0.0',
      integrations: [
        {
          name: 'crm-sync',
          provider: 'sandboxcrm',
          read: {
            objects: [
              { objectName: 'contacts' },
              { objectName: 'companies' },
              { objectName: 'deals', enabled: 'always' },
            ],
          },
        },
      ],
    };
    const result = manifestSchema.safeParse(input);
    expect(result.success).toBe(true);
    expect(result.data?.specVersion).toBe('1.0.0');
    expect(result.data?.integrations[0]?.read.objects.map((o) => o.objectName)).toEqual([
      'contacts',
      'companies',
      'deals',
    ]);
    expect(result.data?.integrations[0]?.read.objects[2]?.enabled).toBe('always');
    expect(result.data?.integrations[0]?.read.objects[0]?.enabled).toBeUndefined();
  });

  it('refuses a manifest without specVersion', () => {
    const input = { integrations: [{ name: 'n', provider: 'p', read: { objects: [] } }] };
    const result = manifestSchema.safeParse(input);
    expect(result.success).toBe(false);
    expect(toIssues(result.error?.issues ?? [], input, 'body').map((i) => i.name)).toEqual(['specVersion']);
  });

  it('refuses a specVersion that is not a string', () => {
    const input = { specVersion: 1, integrations: [{ name: 'n', provider: 'p', read: { objects: [] } }] };
    const result = manifestSchema.safeParse(input);
    expect(result.success).toBe(false);
    expect(toIssues(result.error?.issues ?? [], input, 'body').map((i) => i.name)).toEqual(['specVersion']);
  });

  it('refuses a manifest without integrations', () => {
    const input = { specVersion: '1.0.0' };
    const result = manifestSchema.safeParse(input);
    expect(result.success).toBe(false);
    expect(toIssues(result.error?.issues ?? [], input, 'body').map((i) => i.name)).toEqual(['integrations']);
  });

  it('refuses an integration without name, provider and read, one issue each at its index', () => {
    const input = {
      specVersion: '1.0.0',
      integrations: [{ name: 'ok', provider: 'p', read: { objects: [] } }, {}],
    };
    const result = manifestSchema.safeParse(input);
    expect(result.success).toBe(false);
    expect(toIssues(result.error?.issues ?? [], input, 'body').map((i) => i.name)).toEqual([
      'integrations[1].name',
      'integrations[1].provider',
      'integrations[1].read',
    ]);
  });

  it('refuses a read section without objects', () => {
    const input = { specVersion: '1.0.0', integrations: [{ name: 'n', provider: 'p', read: {} }] };
    const result = manifestSchema.safeParse(input);
    expect(result.success).toBe(false);
    expect(toIssues(result.error?.issues ?? [], input, 'body').map((i) => i.name)).toEqual([
      'integrations[0].read.objects',
    ]);
  });

  it('refuses a read object without objectName', () => {
    const input = {
      specVersion: '1.0.0',
      integrations: [
        { name: 'n', provider: 'p', read: { objects: [{ objectName: 'a' }, { enabled: 'always' }] } },
      ],
    };
    const result = manifestSchema.safeParse(input);
    expect(result.success).toBe(false);
    expect(toIssues(result.error?.issues ?? [], input, 'body').map((i) => i.name)).toEqual([
      'integrations[0].read.objects[1].objectName',
    ]);
  });

  it('refuses enabled other than always, naming its indexed path', () => {
    const input = {
      specVersion: '1.0.0',
      integrations: [
        { name: 'n', provider: 'p', read: { objects: [{ objectName: 'deals', enabled: 'never' }] } },
      ],
    };
    const result = manifestSchema.safeParse(input);
    expect(result.success).toBe(false);
    const issues = toIssues(result.error?.issues ?? [], input, 'body');
    expect(issues.map((i) => i.name)).toEqual(['integrations[0].read.objects[0].enabled']);
    expect(issues[0]?.value).toBe('never');
    expect(issues[0]?.detail).toBe('Must be "always".');
  });

  it('refuses enabled true (a boolean is not always)', () => {
    expect(manifestReadObjectSchema.safeParse({ objectName: 'deals', enabled: true }).success).toBe(false);
  });

  it('accepts enabled always on a read object', () => {
    const result = manifestReadObjectSchema.safeParse({ objectName: 'deals', enabled: 'always' });
    expect(result.success).toBe(true);
    expect(result.data?.enabled).toBe('always');
  });

  it('accepts a required field that maps a provider field to an app name', () => {
    const result = manifestReadObjectSchema.safeParse({
      objectName: 'contacts',
      requiredFields: [{ fieldName: 'email', mapToName: 'emailAddress' }],
    });
    expect(result.success).toBe(true);
    expect(result.data?.requiredFields?.[0]?.mapToName).toBe('emailAddress');
  });
});

describe('a manifest as the hosted service answers it', () => {
  it('drops keys this version does not know instead of refusing the answer', async () => {
    const { hostedManifestIntegrationSchema } = await import('./manifest.js');
    const answer = {
      name: 'crm-sync',
      provider: 'sandboxcrm',
      futureSetting: true,
      read: {
        objects: [
          { objectName: 'contacts', newFlag: 1, requiredFields: [{ fieldName: 'email', hint: 'x' }] },
        ],
      },
    };
    const result = hostedManifestIntegrationSchema.safeParse(answer);
    expect(result.success).toBe(true);
    expect(result.data).not.toHaveProperty('futureSetting');
    expect(result.data?.read.objects[0]?.requiredFields?.[0]).toEqual({ fieldName: 'email' });
  });

  it('still refuses a hosted answer missing a required member', async () => {
    const { hostedManifestIntegrationSchema } = await import('./manifest.js');
    expect(hostedManifestIntegrationSchema.safeParse({ name: 'x', read: { objects: [] } }).success).toBe(
      false,
    );
  });
});
