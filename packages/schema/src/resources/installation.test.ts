import { describe, expect, it } from 'vitest';
import { toIssues } from '../rules/issues.js';
import { installationRequestSchema } from './installation.js';

describe('installation request (interface: installation request)', () => {
  it('accepts groupRef and config with only a provider in the content', () => {
    const input = { groupRef: 'acme', config: { content: { provider: 'sandboxcrm' } } };
    const result = installationRequestSchema.safeParse(input);
    expect(result.success).toBe(true);
    expect(result.data?.groupRef).toBe('acme');
    expect(result.data?.config.content.provider).toBe('sandboxcrm');
  });

  it('accepts an optional connectionId', () => {
    const input = {
      groupRef: 'acme',
      connectionId: 'conn-1',
      config: { content: { provider: 'sandboxcrm' } },
    };
    const result = installationRequestSchema.safeParse(input);
    expect(result.success).toBe(true);
    expect(result.data?.connectionId).toBe('conn-1');
  });

  it('leaves connectionId undefined when omitted', () => {
    const input = { groupRef: 'acme', config: { content: { provider: 'sandboxcrm' } } };
    const result = installationRequestSchema.safeParse(input);
    expect(result.success).toBe(true);
    expect(result.data?.connectionId).toBeUndefined();
  });

  it('refuses a request without groupRef, naming groupRef as missing', () => {
    const input = { config: { content: { provider: 'sandboxcrm' } } };
    const result = installationRequestSchema.safeParse(input);
    expect(result.success).toBe(false);
    const issues = toIssues(result.error?.issues ?? [], input, 'body');
    expect(issues.map((i) => i.name)).toEqual(['groupRef']);
    expect(issues[0]?.type).toBe('urn:problem-type:missing-property');
    expect(issues[0]?.detail).toBe('This property is required.');
    expect(issues[0]?.in).toBe('body');
  });

  it('refuses a request without config, naming config as missing', () => {
    const input = { groupRef: 'acme' };
    const result = installationRequestSchema.safeParse(input);
    expect(result.success).toBe(false);
    const issues = toIssues(result.error?.issues ?? [], input, 'body');
    expect(issues.map((i) => i.name)).toEqual(['config']);
    expect(issues[0]?.type).toBe('urn:problem-type:missing-property');
  });

  it('refuses an empty body with one issue for groupRef and one for config', () => {
    const input = {};
    const result = installationRequestSchema.safeParse(input);
    expect(result.success).toBe(false);
    expect(toIssues(result.error?.issues ?? [], input, 'body').map((i) => i.name)).toEqual([
      'groupRef',
      'config',
    ]);
  });

  it('refuses a config without content, naming config.content', () => {
    const input = { groupRef: 'acme', config: {} };
    const result = installationRequestSchema.safeParse(input);
    expect(result.success).toBe(false);
    expect(toIssues(result.error?.issues ?? [], input, 'body').map((i) => i.name)).toEqual([
      'config.content',
    ]);
  });

  it('refuses an empty groupRef', () => {
    const input = { groupRef: '', config: { content: { provider: 'sandboxcrm' } } };
    const result = installationRequestSchema.safeParse(input);
    expect(result.success).toBe(false);
    const issues = toIssues(result.error?.issues ?? [], input, 'body');
    expect(issues.map((i) => i.name)).toEqual(['groupRef']);
    expect(issues[0]?.value).toBe('');
  });

  it('refuses a connectionId that is not a string', () => {
    const input = { groupRef: 'acme', connectionId: 42, config: { content: { provider: 'sandboxcrm' } } };
    const result = installationRequestSchema.safeParse(input);
    expect(result.success).toBe(false);
    const issues = toIssues(result.error?.issues ?? [], input, 'body');
    expect(issues.map((i) => i.name)).toEqual(['connectionId']);
    expect(issues[0]?.value).toBe(42);
  });

  it('refuses unknown keys with one issue per key, each carrying its value', () => {
    const input = {
      groupRef: 'acme',
      config: { content: { provider: 'sandboxcrm' } },
      group: 'acme',
      extra: { a: 1 },
    };
    const result = installationRequestSchema.safeParse(input);
    expect(result.success).toBe(false);
    const issues = toIssues(result.error?.issues ?? [], input, 'body');
    expect(issues.map((i) => i.name)).toEqual(['group', 'extra']);
    expect(issues.map((i) => i.type)).toEqual([
      'urn:problem-type:unknown-property',
      'urn:problem-type:unknown-property',
    ]);
    expect(issues[0]?.value).toBe('acme');
    expect(issues[1]?.value).toEqual({ a: 1 });
  });

  it('refuses unknown keys deep in the config with their full path', () => {
    const input = {
      groupRef: 'acme',
      config: { content: { provider: 'sandboxcrm', proxy: { enabled: true, url: 'x' } }, owner: 'me' },
    };
    const result = installationRequestSchema.safeParse(input);
    expect(result.success).toBe(false);
    expect(
      toIssues(result.error?.issues ?? [], input, 'body')
        .map((i) => i.name)
        .sort(),
    ).toEqual(['config.content.proxy.url', 'config.owner']);
  });

  it('names the full path of a deep backfill error', () => {
    const input = {
      groupRef: 'acme',
      config: {
        content: {
          provider: 'sandboxcrm',
          read: {
            objects: { contacts: { objectName: 'contacts', backfill: { defaultPeriod: { days: -1 } } } },
          },
        },
      },
    };
    const result = installationRequestSchema.safeParse(input);
    expect(result.success).toBe(false);
    const issues = toIssues(result.error?.issues ?? [], input, 'body');
    expect(issues.map((i) => i.name)).toEqual([
      'config.content.read.objects.contacts.backfill.defaultPeriod.days',
    ]);
    expect(issues[0]?.value).toBe(-1);
  });
});
