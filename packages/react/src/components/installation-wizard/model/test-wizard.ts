import type { ProviderField, Wizard } from './wizard-types.js';

const field = (
  fieldName: string,
  valueType: ProviderField['valueType'],
  extra: Partial<ProviderField> = {},
): ProviderField => ({
  fieldName,
  displayName: fieldName,
  valueType,
  ...extra,
});

export const contactFields: ProviderField[] = [
  field('id', 'string', { readOnly: true }),
  field('email', 'string'),
  field('firstName', 'string'),
  field('lastName', 'string'),
  field('status', 'singleSelect', {
    values: [
      { value: 'lead', displayValue: 'Lead' },
      { value: 'qualified', displayValue: 'Qualified' },
      { value: 'customer', displayValue: 'Customer' },
      { value: 'churned', displayValue: 'Churned' },
    ],
  }),
  field('score', 'int'),
  field('annualRevenue', 'float'),
  field('isCustomer', 'boolean'),
  field('createdAt', 'datetime', { readOnly: true }),
];

/** A small wizard answer shaped like the BFF's, for the model's unit tests. */
export function testWizard(overrides: Partial<Wizard> = {}): Wizard {
  return {
    integration: { id: 'crm-sync', name: 'crm-sync', displayName: 'CRM sync', provider: 'sandboxcrm' },
    readObjects: [
      {
        objectName: 'contacts',
        displayName: 'Contacts',
        fields: contactFields,
        fieldsError: null,
        supports: { readFilters: true, writeIfEmpty: true },
        enabledAlways: false,
        manifest: {
          objectName: 'contacts',
          destination: 'contactsWebhook',
          schedule: '*/15 * * * *',
          requiredFields: [{ fieldName: 'email' }],
          optionalFields: [{ fieldName: 'phone' }],
          backfill: { defaultPeriod: { days: 30 } },
        },
        mappingInputs: [
          {
            mapToName: 'stage',
            mapToDisplayName: 'Pipeline stage',
            required: true,
            mappedValues: [
              { mappedValue: 'new', mappedDisplayValue: 'New' },
              { mappedValue: 'won', mappedDisplayValue: 'Customer' },
            ],
          },
          { mapToName: 'priority', required: false, mapToType: 'number' },
          { mapToName: 'surname', fieldName: 'lastName', required: true },
        ],
      },
      {
        objectName: 'deals',
        displayName: 'Deals',
        fields: [field('id', 'string'), field('amount', 'float')],
        fieldsError: null,
        supports: { readFilters: true, writeIfEmpty: true },
        enabledAlways: true,
        manifest: { objectName: 'deals', enabled: 'always', optionalFieldsAuto: 'all' },
        mappingInputs: [],
      },
    ],
    writeObjects: [
      {
        objectName: 'contacts',
        displayName: 'Contacts',
        fields: contactFields,
        fieldsError: null,
        supports: { readFilters: true, writeIfEmpty: true },
      },
    ],
    proxy: { allowed: true },
    installation: null,
    connection: null,
    searchableObjects: ['contacts', 'deals'],
    ...overrides,
  } as Wizard;
}
