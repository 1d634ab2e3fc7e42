import { writeObjectConfigSchema } from '@splice/schema';
import { describe, expect, it } from 'vitest';
import { defaultsFor, withDefaults } from './write-defaults.js';

const settings = writeObjectConfigSchema.parse({
  objectName: 'contacts',
  selectedFieldSettings: {
    jobtitle: { default: { stringValue: 'Lead' }, writeOnCreate: 'always', writeOnUpdate: 'ifEmpty' },
    country: { default: { stringValue: 'FR' }, writeOnCreate: 'never' },
    // A setting that writes nothing on update also stops the legacy default of its field then.
    lifecyclestage: { default: { stringValue: 'lead' }, writeOnUpdate: 'never' },
    hs_email_optout: { default: { booleanValue: false } },
  },
  selectedValueDefaults: {
    lifecyclestage: { value: 'subscriber' },
    annualrevenue: { value: 10, applyOnUpdate: 'never' },
    phone: { value: '000' },
  },
});

describe('write defaults', () => {
  it('applies on create what writeOnCreate allows, the field settings winning over legacy defaults', () => {
    expect(withDefaults({ email: 'a@b.c', phone: '123' }, defaultsFor(settings, 'create'))).toEqual({
      email: 'a@b.c',
      phone: '123',
      jobtitle: 'Lead',
      lifecyclestage: 'lead',
      hs_email_optout: false,
      annualrevenue: 10,
    });
  });

  it('applies on update as writeOnUpdate and applyOnUpdate say, ifEmpty by the current value', () => {
    const defaults = defaultsFor(settings, 'update');
    expect(withDefaults({}, defaults, { jobtitle: 'CTO' })).toEqual({
      country: 'FR',
      hs_email_optout: false,
      phone: '000',
    });
    for (const empty of [{ jobtitle: '' }, { jobtitle: null }, {}]) {
      expect(withDefaults({}, defaults, empty).jobtitle).toBe('Lead');
    }
    expect(withDefaults({ jobtitle: 'Sent' }, defaults, {}).jobtitle).toBe('Sent');
  });
});
