import { describe, expect, it } from 'vitest';
import type { ConfigContent } from '../resources/config.js';
import type { ManifestIntegration } from '../resources/manifest.js';
import { searchability, searchableObjects } from './searchability.js';

const integration: Pick<ManifestIntegration, 'read'> = {
  read: {
    objects: [
      { objectName: 'contacts' },
      { objectName: 'companies' },
      { objectName: 'deals', enabled: 'always' },
    ],
  },
};

describe('searchability (interface: search rules)', () => {
  it('rule 1: refuses an object that is not under read in the manifest', () => {
    const content: Pick<ConfigContent, 'read'> = {
      read: { objects: { tickets: { objectName: 'tickets', disabled: false } } },
    };
    expect(searchability('tickets', integration, content)).toEqual({
      searchable: false,
      reason: 'not-in-manifest',
    });
  });

  it('rule 1: object names are matched exactly, not by case', () => {
    expect(searchability('Contacts', integration, { read: { objects: {} } }).searchable).toBe(false);
  });

  it('rule 1: accepts an object under read in the manifest that the installation leaves enabled', () => {
    const content: Pick<ConfigContent, 'read'> = {
      read: { objects: { contacts: { objectName: 'contacts' } } },
    };
    expect(searchability('contacts', integration, content)).toEqual({ searchable: true, reason: 'enabled' });
  });

  it('rule 2: enabled always makes the object searchable', () => {
    const content: Pick<ConfigContent, 'read'> = { read: { objects: {} } };
    expect(searchability('deals', integration, content)).toEqual({
      searchable: true,
      reason: 'always-enabled',
    });
  });

  it('rule 2: enabled always wins even when the installation disables the object', () => {
    const content: Pick<ConfigContent, 'read'> = {
      read: { objects: { deals: { objectName: 'deals', disabled: true } } },
    };
    expect(searchability('deals', integration, content)).toEqual({
      searchable: true,
      reason: 'always-enabled',
    });
  });

  it('rule 3: refuses an object the installation disables', () => {
    const content: Pick<ConfigContent, 'read'> = {
      read: { objects: { contacts: { objectName: 'contacts', disabled: true } } },
    };
    expect(searchability('contacts', integration, content)).toEqual({
      searchable: false,
      reason: 'disabled',
    });
  });

  it('rule 3: accepts an object the installation sets disabled false', () => {
    const content: Pick<ConfigContent, 'read'> = {
      read: { objects: { contacts: { objectName: 'contacts', disabled: false } } },
    };
    expect(searchability('contacts', integration, content)).toEqual({ searchable: true, reason: 'enabled' });
  });

  it('rule 3: accepts an object whose installation config has no disabled', () => {
    const content: Pick<ConfigContent, 'read'> = {
      read: { objects: { contacts: { objectName: 'contacts', schedule: '*/15 * * * *' } } },
    };
    expect(searchability('contacts', integration, content).searchable).toBe(true);
  });

  it('rule 3: accepts an object absent from the installation read objects', () => {
    const content: Pick<ConfigContent, 'read'> = {
      read: { objects: { contacts: { objectName: 'contacts', disabled: true } } },
    };
    expect(searchability('companies', integration, content)).toEqual({ searchable: true, reason: 'enabled' });
  });

  it('rule 3: disabling one object leaves the others searchable', () => {
    const content: Pick<ConfigContent, 'read'> = {
      read: { objects: { companies: { objectName: 'companies', disabled: true } } },
    };
    expect(searchability('companies', integration, content).searchable).toBe(false);
    expect(searchability('contacts', integration, content).searchable).toBe(true);
  });

  it('rule 4: accepts an installation content without a read section (search needs no action of its own)', () => {
    expect(searchability('contacts', integration, {})).toEqual({ searchable: true, reason: 'enabled' });
  });

  it('without installation content, accepts an object not enabled always (nothing disables it)', () => {
    expect(searchability('contacts', integration, undefined)).toEqual({
      searchable: true,
      reason: 'enabled',
    });
  });

  it('without installation content, accepts an object enabled always', () => {
    expect(searchability('deals', integration, undefined)).toEqual({
      searchable: true,
      reason: 'always-enabled',
    });
  });

  it('without installation content, still refuses an object not in the manifest as not-in-manifest', () => {
    expect(searchability('tickets', integration, undefined)).toEqual({
      searchable: false,
      reason: 'not-in-manifest',
    });
  });
});

describe('searchableObjects', () => {
  it('lists every manifest read object, in manifest order, when nothing is disabled', () => {
    expect(searchableObjects(integration, { read: { objects: {} } })).toEqual([
      'contacts',
      'companies',
      'deals',
    ]);
  });

  it('leaves out objects the installation disables but keeps enabled always ones', () => {
    const content: Pick<ConfigContent, 'read'> = {
      read: {
        objects: {
          contacts: { objectName: 'contacts', disabled: true },
          deals: { objectName: 'deals', disabled: true },
        },
      },
    };
    expect(searchableObjects(integration, content)).toEqual(['companies', 'deals']);
  });

  it('does not list installation objects missing from the manifest', () => {
    const content: Pick<ConfigContent, 'read'> = {
      read: { objects: { tickets: { objectName: 'tickets' } } },
    };
    expect(searchableObjects(integration, content)).not.toContain('tickets');
  });

  it('lists every manifest read object without installation content', () => {
    expect(searchableObjects(integration, undefined)).toEqual(['contacts', 'companies', 'deals']);
  });

  it('lists nothing for a manifest without read objects', () => {
    expect(searchableObjects({ read: { objects: [] } }, { read: { objects: {} } })).toEqual([]);
  });
});
