import { describe, expect, it } from 'vitest';
import { toIssues } from '../rules/issues.js';
import {
  configContentSchema,
  configSchema,
  createdBySchema,
  defaultCreatedBy,
  proxyConfigSchema,
} from './config.js';

describe('config createdBy (interface: config)', () => {
  it('accepts consumer:<consumer_id>', () => {
    const result = configSchema.safeParse({
      content: { provider: 'sandboxcrm' },
      createdBy: 'consumer:user-1',
    });
    expect(result.success).toBe(true);
    expect(result.data?.createdBy).toBe('consumer:user-1');
  });

  it('accepts builder:<builder_id>', () => {
    const result = configSchema.safeParse({ content: { provider: 'sandboxcrm' }, createdBy: 'builder:b-42' });
    expect(result.success).toBe(true);
    expect(result.data?.createdBy).toBe('builder:b-42');
  });

  it('accepts api:<api_caller>', () => {
    const result = configSchema.safeParse({
      content: { provider: 'sandboxcrm' },
      createdBy: 'api:my-script',
    });
    expect(result.success).toBe(true);
    expect(result.data?.createdBy).toBe('api:my-script');
  });

  it('defaults createdBy to api:create-installation', () => {
    const result = configSchema.safeParse({ content: { provider: 'sandboxcrm' } });
    expect(result.success).toBe(true);
    expect(result.data?.createdBy).toBe('api:create-installation');
    expect(defaultCreatedBy).toBe('api:create-installation');
  });

  it('refuses an unknown prefix, naming createdBy', () => {
    const input = { content: { provider: 'sandboxcrm' }, createdBy: 'user:alice' };
    const result = configSchema.safeParse(input);
    expect(result.success).toBe(false);
    const issues = toIssues(result.error?.issues ?? [], input, 'body');
    expect(issues.map((i) => i.name)).toEqual(['createdBy']);
    expect(issues[0]?.value).toBe('user:alice');
    expect(issues[0]?.detail).toContain('consumer:<consumer_id>');
  });

  it('refuses a prefix without an id', () => {
    expect(createdBySchema.safeParse('consumer:').success).toBe(false);
    expect(createdBySchema.safeParse('builder:').success).toBe(false);
    expect(createdBySchema.safeParse('api:').success).toBe(false);
  });

  it('refuses a bare id without a prefix', () => {
    expect(createdBySchema.safeParse('alice').success).toBe(false);
  });

  it('refuses an uppercase prefix', () => {
    expect(createdBySchema.safeParse('API:caller').success).toBe(false);
  });

  it('refuses an id containing whitespace', () => {
    expect(createdBySchema.safeParse('consumer:alice smith').success).toBe(false);
  });

  it('refuses a createdBy that is not a string', () => {
    const input = { content: { provider: 'sandboxcrm' }, createdBy: 7 };
    const result = configSchema.safeParse(input);
    expect(result.success).toBe(false);
    expect(toIssues(result.error?.issues ?? [], input, 'body').map((i) => i.name)).toEqual(['createdBy']);
  });
});

describe('config revisionId (interface: config, deprecated)', () => {
  it('accepts a config without revisionId', () => {
    const result = configSchema.safeParse({ content: { provider: 'sandboxcrm' } });
    expect(result.success).toBe(true);
    expect(result.data?.revisionId).toBeUndefined();
  });

  it('accepts a config with a revisionId', () => {
    const result = configSchema.safeParse({ content: { provider: 'sandboxcrm' }, revisionId: 'rev-1' });
    expect(result.success).toBe(true);
    expect(result.data?.revisionId).toBe('rev-1');
  });

  it('refuses a revisionId that is not a string', () => {
    const input = { content: { provider: 'sandboxcrm' }, revisionId: 3 };
    const result = configSchema.safeParse(input);
    expect(result.success).toBe(false);
    expect(toIssues(result.error?.issues ?? [], input, 'body').map((i) => i.name)).toEqual(['revisionId']);
  });
});

describe('config content (interface: config content)', () => {
  it('accepts provider, read, write and proxy together', () => {
    const result = configContentSchema.safeParse({
      provider: 'sandboxcrm',
      read: { objects: { contacts: { objectName: 'contacts' } } },
      write: { objects: { contacts: { objectName: 'contacts' } } },
      proxy: { enabled: true },
    });
    expect(result.success).toBe(true);
    expect(result.data?.read?.objects.contacts?.objectName).toBe('contacts');
    expect(result.data?.write?.objects.contacts?.objectName).toBe('contacts');
    expect(result.data?.proxy?.enabled).toBe(true);
  });

  it('refuses content without a provider, naming content.provider', () => {
    const input = { content: { read: { objects: {} } } };
    const result = configSchema.safeParse(input);
    expect(result.success).toBe(false);
    const issues = toIssues(result.error?.issues ?? [], input, 'body');
    expect(issues.map((i) => i.name)).toEqual(['content.provider']);
    expect(issues[0]?.type).toBe('urn:problem-type:missing-property');
  });

  it('refuses an empty provider', () => {
    const input = { provider: '' };
    const result = configContentSchema.safeParse(input);
    expect(result.success).toBe(false);
    expect(toIssues(result.error?.issues ?? [], input, 'body').map((i) => i.name)).toEqual(['provider']);
  });

  it('accepts read with an empty objects map', () => {
    const result = configContentSchema.safeParse({ provider: 'sandboxcrm', read: { objects: {} } });
    expect(result.success).toBe(true);
    expect(result.data?.read?.objects).toEqual({});
  });

  it('refuses read present without objects, naming read.objects', () => {
    const input = { content: { provider: 'sandboxcrm', read: {} } };
    const result = configSchema.safeParse(input);
    expect(result.success).toBe(false);
    const issues = toIssues(result.error?.issues ?? [], input, 'body');
    expect(issues.map((i) => i.name)).toEqual(['content.read.objects']);
    expect(issues[0]?.detail).toBe('This property is required.');
  });

  it('refuses write present without objects, naming write.objects', () => {
    const input = { provider: 'sandboxcrm', write: {} };
    const result = configContentSchema.safeParse(input);
    expect(result.success).toBe(false);
    expect(toIssues(result.error?.issues ?? [], input, 'body').map((i) => i.name)).toEqual(['write.objects']);
  });
});

describe('proxy (interface: config content)', () => {
  it('accepts enabled true', () => {
    const result = proxyConfigSchema.safeParse({ enabled: true });
    expect(result.success).toBe(true);
    expect(result.data?.enabled).toBe(true);
  });

  it('accepts enabled false', () => {
    const result = proxyConfigSchema.safeParse({ enabled: false });
    expect(result.success).toBe(true);
    expect(result.data?.enabled).toBe(false);
  });

  it('refuses a non-boolean enabled, naming proxy.enabled', () => {
    const input = { provider: 'sandboxcrm', proxy: { enabled: 'yes' } };
    const result = configContentSchema.safeParse(input);
    expect(result.success).toBe(false);
    const issues = toIssues(result.error?.issues ?? [], input, 'body');
    expect(issues.map((i) => i.name)).toEqual(['proxy.enabled']);
    expect(issues[0]?.value).toBe('yes');
  });

  it('refuses a proxy without enabled', () => {
    const input = { provider: 'sandboxcrm', proxy: {} };
    const result = configContentSchema.safeParse(input);
    expect(result.success).toBe(false);
    expect(toIssues(result.error?.issues ?? [], input, 'body').map((i) => i.name)).toEqual(['proxy.enabled']);
  });

  it('refuses a second field beside enabled', () => {
    const input = { enabled: true, baseUrl: 'https://example.com' };
    const result = proxyConfigSchema.safeParse(input);
    expect(result.success).toBe(false);
    expect(toIssues(result.error?.issues ?? [], input, 'body').map((i) => i.name)).toEqual(['baseUrl']);
  });
});
