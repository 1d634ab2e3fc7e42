import { describe, expect, it } from 'vitest';
import { installationUpdateSchema, parseUpdateMask, updateMaskPath } from './installation-update.js';

describe('parseUpdateMask', () => {
  it('understands every mask the hosted service lists for this config, and round-trips each', () => {
    const paths = [
      'connectionId',
      'config.createdBy',
      'config.content.proxy.enabled',
      'config.content.write.objects',
      'config.content.write.objects.contacts',
      'config.content.read.objects.contacts',
    ];
    for (const path of paths) {
      const mask = parseUpdateMask(path);
      expect(mask, path).toBeDefined();
      expect(updateMaskPath(mask!)).toBe(path);
    }
    expect(parseUpdateMask('config.content.read.objects.contacts')).toEqual({
      kind: 'readObject',
      objectName: 'contacts',
    });
  });

  it('refuses other paths, subscribe masks and nested object paths', () => {
    for (const path of [
      'groupRef',
      'config.content.read.objects',
      'config.content.read.objects.',
      'config.content.read.objects.contacts.schedule',
      'config.content.subscribe.objects',
      'config.content.proxy',
      'config',
    ]) {
      expect(parseUpdateMask(path), path).toBeUndefined();
    }
  });

  it('requires at least one mask and refuses unknown body keys', () => {
    expect(installationUpdateSchema.safeParse({ updateMask: [], installation: {} }).success).toBe(false);
    expect(
      installationUpdateSchema.safeParse({ updateMask: ['connectionId'], installation: { groupRef: 'x' } })
        .success,
    ).toBe(false);
    expect(
      installationUpdateSchema.safeParse({
        updateMask: ['connectionId'],
        installation: { connectionId: 'conn-1' },
      }).success,
    ).toBe(true);
  });
});
