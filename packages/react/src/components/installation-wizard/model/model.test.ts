import { configContentSchema } from '@splice/schema';
import { describe, expect, it } from 'vitest';
import { testWizard } from '../../../test-utils/test-wizard.js';
import { buildConfigContent } from './build-config.js';
import { initialDraft } from './initial-draft.js';
import { locateIssue, objectStep, splitIssueName, wizardSteps } from './steps.js';
import { similarity, suggestValueMapping } from './suggest-values.js';
import { validateStep } from './validate.js';

describe('initial draft', () => {
  it('opens with the manifest defaults: schedule, destination, backfill and the named fields', () => {
    const draft = initialDraft(testWizard());
    expect(draft.read.contacts).toMatchObject({
      selected: true,
      schedule: '*/15 * * * *',
      destination: 'contactsWebhook',
      backfill: { defaultPeriod: { days: 30 } },
      fields: { email: true, phone: true },
      mappings: { stage: '', priority: '', surname: 'lastName' },
      valueMappings: { stage: {} },
    });
  });

  it('reads every field of an object whose manifest reads all fields, though it requires one', () => {
    const wizard = testWizard();
    const deals = wizard.readObjects.find((o) => o.objectName === 'deals')!;
    deals.manifest = { ...deals.manifest, requiredFields: [{ fieldName: 'amount', displayName: 'Amount' }] };
    expect(initialDraft(wizard).read.deals?.allFields).toBe(true);
  });

  it('lets the builder preset a destination, schedule and backfill', () => {
    const draft = initialDraft(testWizard(), {
      read: {
        contacts: {
          destination: 'crmInbox',
          schedule: '0 * * * *',
          backfill: { defaultPeriod: { fullHistory: true } },
        },
      },
    });
    expect(draft.read.contacts).toMatchObject({
      destination: 'crmInbox',
      schedule: '0 * * * *',
      backfill: { defaultPeriod: { fullHistory: true } },
    });
  });

  it('reopens an existing installation with its choices', () => {
    const wizard = testWizard({
      installation: {
        config: {
          content: {
            provider: 'sandboxcrm',
            read: {
              objects: {
                contacts: {
                  objectName: 'contacts',
                  schedule: '0 9 * * 1',
                  disabled: true,
                  selectedFields: { firstName: true },
                  selectedFieldMappings: { stage: 'status' },
                  selectedValueMappings: { stage: { won: ['customer', 'qualified'], new: 'lead' } },
                  fieldFilters: [{ fieldName: 'isCustomer', operator: 'eq', value: true }],
                },
              },
            },
          },
        },
      } as never,
    });
    const draft = initialDraft(wizard);
    expect(draft.read.contacts).toMatchObject({
      schedule: '0 9 * * 1',
      paused: true,
      fields: { firstName: true },
      mappings: { stage: 'status' },
      // Kept by provider value: each CRM status with the app value it stands for.
      valueMappings: { stage: { customer: 'won', qualified: 'won', lead: 'new' } },
    });
    expect(draft.read.contacts?.filters).toEqual([
      expect.objectContaining({ fieldName: 'isCustomer', value: true }),
    ]);
  });
});

describe('steps', () => {
  it('has a step per chosen object, proxy when allowed, and review last', () => {
    const wizard = testWizard();
    const draft = initialDraft(wizard);
    expect(wizardSteps(wizard, draft).map((s) => s.id)).toEqual([
      'objects',
      'read:contacts',
      'read:deals',
      'proxy',
      'review',
    ]);
    draft.write.contacts = { selected: true, deletionEnabled: false, fields: {} };
    draft.read.contacts = { ...draft.read.contacts!, selected: false };
    expect(wizardSteps(wizard, draft).map((s) => s.id)).toEqual([
      'objects',
      'read:deals',
      'write:contacts',
      'proxy',
      'review',
    ]);
  });

  it('hides the steps a builder hides and proxy when not allowed', () => {
    const wizard = testWizard({ proxy: { allowed: false } });
    expect(wizardSteps(wizard, initialDraft(wizard), ['objects']).map((s) => s.id)).toEqual([
      'read:contacts',
      'read:deals',
      'review',
    ]);
  });
});

describe('server issues land on their step and control', () => {
  it.each([
    ['config.content.read.objects.contacts.schedule', 'read:contacts', 'read.contacts.schedule'],
    [
      'config.content.read.objects.contacts.selectedFieldMappings.stage',
      'read:contacts',
      'read.contacts.mappings.stage',
    ],
    [
      'config.content.read.objects.contacts.selectedValueMappings.stage.won',
      'read:contacts',
      'read.contacts.valueMappings.stage',
    ],
    [
      'config.content.read.objects.contacts.fieldFilters[1].value',
      'read:contacts',
      'read.contacts.filters.1',
    ],
    [
      'config.content.read.objects.contacts.backfill.defaultPeriod.days',
      'read:contacts',
      'read.contacts.backfill',
    ],
    [
      'config.content.read.objects.contacts.selectedFields.favouriteColour',
      'read:contacts',
      'read.contacts.fields',
    ],
    ['config.content.read.objects.tickets', 'objects', 'objects.read.tickets'],
    [
      'config.content.write.objects.contacts.selectedFieldSettings.score',
      'write:contacts',
      'write.contacts.fields.score',
    ],
    [
      'config.content.write.objects.contacts.deletionSettings.enabled',
      'write:contacts',
      'write.contacts.deletion',
    ],
    ['config.content.proxy.enabled', 'proxy', 'proxy'],
    ['groupRef', 'review', 'review'],
  ])('%s -> %s', (name, stepId, fieldId) => {
    expect(locateIssue(name)).toEqual({ stepId, fieldId });
  });

  it('splits quoted keys and indexes', () => {
    expect(splitIssueName('config.content.read.objects["a.b"].fieldFilters[2].value')).toEqual([
      'config',
      'content',
      'read',
      'objects',
      'a.b',
      'fieldFilters',
      2,
      'value',
    ]);
  });
});

describe('step validation', () => {
  it('blocks the read step while a required mapping is unmapped, and lets it go once mapped', () => {
    const wizard = testWizard();
    const draft = initialDraft(wizard);
    const step = objectStep('read', 'contacts');
    expect(validateStep(step, wizard, draft)['read.contacts.mappings.stage']).toEqual({
      code: 'mapping-required',
      mapToName: 'stage',
      name: 'Pipeline stage',
    });
    draft.read.contacts!.mappings.stage = 'status';
    expect(validateStep(step, wizard, draft)).toEqual({});
  });

  it('refuses an invalid cron', () => {
    const wizard = testWizard();
    const draft = initialDraft(wizard);
    draft.read.contacts!.mappings.stage = 'status';
    draft.read.contacts!.schedule = '61 * * * *';
    const errors = validateStep(objectStep('read', 'contacts'), wizard, draft);
    expect(errors['read.contacts.schedule']?.code).toBe('invalid-schedule');
  });

  it('types filter values by the field: a number field refuses text, a boolean field refuses "yes"', () => {
    const wizard = testWizard();
    const draft = initialDraft(wizard);
    draft.read.contacts!.mappings.stage = 'status';
    draft.read.contacts!.filters = [
      { key: 'a', fieldName: 'score', value: 'high' },
      { key: 'b', fieldName: 'isCustomer', value: 'yes' },
      { key: 'c', fieldName: 'email', value: '' },
      { key: 'd', fieldName: 'score', value: 10 },
    ];
    const errors = validateStep(objectStep('read', 'contacts'), wizard, draft);
    expect(errors['read.contacts.filters.0']).toEqual({ code: 'filter-value-type', expected: 'integer' });
    expect(errors['read.contacts.filters.1']).toEqual({ code: 'filter-value-type', expected: 'boolean' });
    expect(errors['read.contacts.filters.2']).toEqual({ code: 'filter-value-required' });
    expect(errors['read.contacts.filters.3']).toBeUndefined();
  });

  it('refuses a date filter written as words: "yesterday" on a datetime field is an error, not sent', () => {
    const wizard = testWizard();
    const draft = initialDraft(wizard);
    draft.read.contacts!.mappings.stage = 'status';
    draft.read.contacts!.filters = [
      { key: 'a', fieldName: 'createdAt', value: 'yesterday' },
      { key: 'b', fieldName: 'email', value: 'yesterday' },
    ];
    const errors = validateStep(objectStep('read', 'contacts'), wizard, draft);
    expect(errors['read.contacts.filters.0']).toEqual({ code: 'filter-value-format', format: 'datetime' });
    expect(errors['read.contacts.filters.1']).toBeUndefined();
    draft.read.contacts!.filters = [{ key: 'a', fieldName: 'createdAt', value: '2026-11-26T09:00:00Z' }];
    expect(validateStep(objectStep('read', 'contacts'), wizard, draft)).toEqual({});
  });

  it('needs at least one object', () => {
    const wizard = testWizard({ readObjects: testWizard().readObjects.filter((o) => !o.enabledAlways) });
    const draft = initialDraft(wizard);
    draft.read.contacts!.selected = false;
    expect(validateStep({ kind: 'objects', id: 'objects' }, wizard, draft)).toEqual({
      objects: { code: 'choose-an-object' },
    });
  });
});

describe('config built from the choices', () => {
  it('is a valid config content with mappings, value mappings, filters and write settings', () => {
    const wizard = testWizard();
    const draft = initialDraft(wizard);
    draft.read.contacts!.mappings.stage = 'status';
    draft.read.contacts!.valueMappings.stage = { lead: 'new', qualified: '' };
    draft.read.contacts!.filters = [{ key: 'a', fieldName: 'isCustomer', value: true }];
    draft.write.contacts = {
      selected: true,
      deletionEnabled: true,
      fields: {
        score: { enabled: true, value: 5, writeOnCreate: 'always', writeOnUpdate: 'ifEmpty' },
        isCustomer: { enabled: true, value: false, writeOnCreate: 'never', writeOnUpdate: 'always' },
      },
    };
    draft.proxyEnabled = true;
    const content = buildConfigContent(wizard, draft);
    expect(configContentSchema.safeParse(content).success).toBe(true);
    expect(content.read?.objects.contacts).toMatchObject({
      objectName: 'contacts',
      schedule: '*/15 * * * *',
      destination: 'contactsWebhook',
      selectedFields: { email: true, phone: true },
      selectedFieldMappings: { stage: 'status' },
      selectedValueMappings: { stage: { new: 'lead' } },
      backfill: { defaultPeriod: { days: 30 } },
      fieldFilters: [{ fieldName: 'isCustomer', operator: 'eq', value: true }],
    });
    // Only mappings the user makes are dynamic; the manifest's fixed surname -> lastName stays out.
    expect(content.read?.objects.contacts?.dynamicMappingsInput?.map((m) => m.mapToName)).toEqual([
      'stage',
      'priority',
    ]);
    expect(content.read?.objects.deals).toMatchObject({ objectName: 'deals' });
    expect(content.write?.objects.contacts).toEqual({
      objectName: 'contacts',
      deletionSettings: { enabled: true },
      selectedFieldSettings: {
        score: { default: { integerValue: 5 }, writeOnCreate: 'always', writeOnUpdate: 'ifEmpty' },
        isCustomer: { default: { booleanValue: false }, writeOnCreate: 'never', writeOnUpdate: 'always' },
      },
    });
    expect(content.proxy).toEqual({ enabled: true });
  });

  it('sends several provider values of one app value as a list, and one as a plain string', () => {
    const wizard = testWizard();
    const draft = initialDraft(wizard);
    draft.read.contacts!.mappings.stage = 'status';
    draft.read.contacts!.valueMappings.stage = {
      lead: 'new',
      qualified: 'won',
      customer: 'won',
      churned: '',
    };
    const content = buildConfigContent(wizard, draft);
    expect(configContentSchema.safeParse(content).success).toBe(true);
    expect(content.read?.objects.contacts?.selectedValueMappings).toEqual({
      stage: { new: 'lead', won: ['qualified', 'customer'] },
    });
  });

  it('reads all fields with selectedFieldsAuto and pauses with disabled', () => {
    const wizard = testWizard();
    const draft = initialDraft(wizard);
    draft.read.contacts!.allFields = true;
    draft.read.contacts!.paused = true;
    const contacts = buildConfigContent(wizard, draft).read?.objects.contacts;
    expect(contacts).toMatchObject({ selectedFieldsAuto: 'all', selectedFields: {}, disabled: true });
  });

  it('always includes an enabled: always object, even when unticked', () => {
    const wizard = testWizard();
    const draft = initialDraft(wizard);
    draft.read.deals!.selected = false;
    expect(Object.keys(buildConfigContent(wizard, draft).read?.objects ?? {})).toContain('deals');
  });
});

describe('value suggestions', () => {
  it('pairs values by closest name, one-to-one', () => {
    const suggestion = suggestValueMapping(
      [
        { value: 'won', label: 'Customer' },
        { value: 'lost', label: 'Churned' },
        { value: 'new', label: 'New' },
      ],
      [
        { value: 'lead', label: 'Lead' },
        { value: 'customer', label: 'Customer' },
        { value: 'churned', label: 'Churned' },
      ],
    );
    expect(suggestion).toEqual({ won: 'customer', lost: 'churned' });
  });

  it('never suggests one provider value twice', () => {
    const suggestion = suggestValueMapping(
      [
        { value: 'closed_won', label: 'Closed won' },
        { value: 'closedwon', label: 'Closed-won' },
      ],
      [{ value: 'closedWon', label: 'Closed Won' }],
    );
    expect(Object.values(suggestion)).toEqual(['closedWon']);
  });

  it('scores identical names 1 and unrelated names low', () => {
    expect(similarity('Closed Won', 'closed_won')).toBe(1);
    expect(similarity('apple', 'zebra')).toBeLessThan(0.2);
  });
});
