import type { IntegrationDetails } from '@splice/schema';

const time = '2026-11-21T10:00:00Z';

/** A small but complete wizard answer: contacts (mapped, installed), companies (always on), deals. */
export function integrationFixture(overrides: Partial<IntegrationDetails> = {}): IntegrationDetails {
  return {
    integration: {
      id: 'int_1',
      name: 'crm',
      displayName: 'CRM',
      provider: 'sandbox',
      providerDisplayName: 'Sandbox',
    },
    readObjects: [
      {
        objectName: 'contacts',
        displayName: 'Contacts',
        fields: [
          { fieldName: 'email', displayName: 'E-mail', valueType: 'string' },
          { fieldName: 'age', displayName: 'Age', valueType: 'int' },
          { fieldName: 'is_vip', displayName: 'VIP', valueType: 'boolean' },
          {
            fieldName: 'stage',
            displayName: 'Stage',
            valueType: 'singleSelect',
            values: [
              { value: 'lead', displayValue: 'Lead' },
              { value: 'customer', displayValue: 'Customer' },
            ],
          },
        ],
        fieldsError: null,
        supports: { readFilters: true, writeIfEmpty: true },
        manifest: { objectName: 'contacts' },
        enabledAlways: false,
        mappingInputs: [
          { mapToName: 'customerEmail', mapToDisplayName: 'Customer e-mail', required: true },
          { mapToName: 'years', required: false, fieldName: 'age' },
        ],
      },
      {
        objectName: 'companies',
        displayName: 'Companies',
        fields: [{ fieldName: 'name', displayName: 'Name', valueType: 'string' }],
        fieldsError: null,
        supports: null,
        manifest: { objectName: 'companies', enabled: 'always' },
        enabledAlways: true,
        mappingInputs: [],
      },
      {
        objectName: 'deals',
        displayName: 'Deals',
        fields: [],
        fieldsError: null,
        supports: null,
        manifest: { objectName: 'deals' },
        enabledAlways: false,
        mappingInputs: [],
      },
    ],
    writeObjects: [],
    proxy: { allowed: false },
    installation: {
      id: 'ins_1',
      projectId: 'p',
      integrationId: 'int_1',
      healthStatus: 'healthy',
      connection: {
        id: 'con_1',
        projectId: 'p',
        provider: 'sandbox',
        group: { groupRef: 'g', groupName: 'G', projectId: 'p', createTime: time },
        consumer: { consumerRef: 'u' },
        createTime: time,
        authScheme: 'oauth2',
        status: 'working',
      },
      createTime: time,
      createdBy: 'consumer:u',
      config: {
        id: 'cfg_1',
        revisionId: 'rev_1',
        createTime: time,
        createdBy: 'consumer:u',
        content: {
          provider: 'sandbox',
          read: {
            objects: {
              contacts: { objectName: 'contacts', selectedFieldMappings: { customerEmail: 'email' } },
              deals: { objectName: 'deals', disabled: true },
            },
          },
        },
      },
    },
    connection: null,
    previousConfig: null,
    searchableObjects: ['contacts', 'companies'],
    ...overrides,
  };
}
