import type { FieldMetadata, IntegrationDetails } from '@splice/schema';

const field = (
  fieldName: string,
  valueType: FieldMetadata['valueType'],
  extra: Partial<FieldMetadata> = {},
): FieldMetadata => ({
  fieldName,
  displayName: fieldName,
  valueType,
  ...extra,
});

export const contactFields: FieldMetadata[] = [
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
export function testWizard(overrides: Partial<IntegrationDetails> = {}): IntegrationDetails {
  return {
    integration: {
      id: 'crm-sync',
      name: 'crm-sync',
      displayName: 'CRM sync',
      provider: 'sandboxcrm',
      providerDisplayName: 'Sandbox CRM',
    },
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
    previousConfig: null,
    searchableObjects: ['contacts', 'deals'],
    ...overrides,
  } as IntegrationDetails;
}

const time = '2026-11-21T10:00:00.000Z';

/** The group's working sandboxcrm connection, as the BFF lists it. */
export const connection: NonNullable<IntegrationDetails['connection']> = {
  id: 'conn-acme',
  projectId: 'demo',
  provider: 'sandboxcrm',
  group: { groupRef: 'acme', groupName: 'Acme Inc.', projectId: 'demo', createTime: time },
  consumer: { consumerRef: 'ada', consumerName: 'Ada Lovelace' },
  providerWorkspaceRef: 'Acme Inc.',
  createTime: time,
  authScheme: 'oauth2',
  status: 'working',
};

/** `testWizard` for a group whose account is connected: what a user who can install sees. */
export function connectedWizard(overrides: Partial<IntegrationDetails> = {}): IntegrationDetails {
  return testWizard({ connection, ...overrides });
}

/**
 * A big customer: contacts with 2,000 provider fields and 300 mapping entries (every tenth required
 * and mapped to a field of the same number, so that the step can be left), for the "stays fluid" case.
 */
export function hugeWizard(): IntegrationDetails {
  const base = connectedWizard();
  const fields: FieldMetadata[] = [
    ...contactFields,
    ...Array.from({ length: 2_000 - contactFields.length }, (_, i) =>
      field(`custom_${i}`, i % 7 === 0 ? 'int' : 'string', { displayName: `Custom field ${i}` }),
    ),
  ];
  const mappingInputs = Array.from({ length: 300 }, (_, i) => ({
    mapToName: `appField${i}`,
    mapToDisplayName: `App field ${i}`,
    required: i % 10 === 0,
    ...(i % 10 === 0 ? { fieldName: `custom_${i}` } : {}),
  }));
  return {
    ...base,
    readObjects: base.readObjects.map((object) =>
      object.objectName === 'contacts' ? { ...object, fields, mappingInputs } : object,
    ),
  };
}

/** `connectedWizard` once installed: contacts read with `stage` mapped to `status`, searchable. */
export function installedWizard(): IntegrationDetails {
  const wizard = connectedWizard();
  return {
    ...wizard,
    installation: {
      id: 'inst_1',
      projectId: 'demo',
      integrationId: 'crm-sync',
      healthStatus: 'healthy',
      connection,
      createTime: time,
      createdBy: 'consumer:ada',
      config: {
        id: 'cfg_1',
        revisionId: 'rev_1',
        createTime: time,
        createdBy: 'consumer:ada',
        content: {
          provider: 'sandboxcrm',
          read: {
            objects: {
              contacts: {
                objectName: 'contacts',
                schedule: '*/15 * * * *',
                selectedFieldMappings: { stage: 'status', surname: 'lastName' },
                selectedValueMappings: { stage: { new: 'lead', won: 'customer' } },
              },
              deals: { objectName: 'deals', selectedFieldsAuto: 'all' },
            },
          },
        },
      },
    },
  };
}

/**
 * `connectedWizard` after the group uninstalled `installedWizard`'s installation: not installed, with the
 * settings it had kept by the service.
 */
export function reinstallWizard(): IntegrationDetails {
  const content = installedWizard().installation?.config.content;
  if (!content) throw new Error('installedWizard has no config');
  return {
    ...connectedWizard(),
    previousConfig: {
      content,
      uninstallTime: '2026-11-20T09:30:00.000Z',
      expireTime: '2026-12-20T09:30:00.000Z',
    },
  };
}
