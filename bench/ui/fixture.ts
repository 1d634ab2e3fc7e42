import type { FieldMetadata, IntegrationDetails, MappingInput } from '@splice/react';

const words = [
  'account',
  'annual',
  'billing',
  'campaign',
  'channel',
  'city',
  'company',
  'contract',
  'country',
  'customer',
  'deal',
  'discount',
  'email',
  'employee',
  'forecast',
  'industry',
  'invoice',
  'lead',
  'lifetime',
  'market',
  'partner',
  'phone',
  'pipeline',
  'plan',
  'priority',
  'product',
  'quota',
  'region',
  'renewal',
  'revenue',
  'segment',
  'source',
  'stage',
  'status',
  'subscription',
  'support',
  'territory',
  'tier',
  'usage',
  'website',
];
const types: FieldMetadata['valueType'][] = [
  'string',
  'string',
  'int',
  'float',
  'boolean',
  'datetime',
  'singleSelect',
];
const picklist = ['alpha', 'beta', 'gamma', 'delta', 'epsilon', 'zeta'].map((value) => ({
  value,
  displayValue: value[0]!.toUpperCase() + value.slice(1),
}));

/**
 * A wizard answer shaped like the BFF's `GET /integrations/:id` for a big customer: one read object with
 * `fields` provider fields (custom fields named like `annualRevenue12`, "Annual revenue 12") and
 * `mappings` mapping entries (a tenth with a fixed picklist field whose values the user maps, a tenth with
 * values to map after picking a field, the rest a plain field choice).
 */
export function bigWizard(fields: number, mappings: number): IntegrationDetails {
  const providerFields: FieldMetadata[] = [
    { fieldName: 'id', displayName: 'ID', valueType: 'string', readOnly: true },
    { fieldName: 'email', displayName: 'Email', valueType: 'string' },
  ];
  for (let i = 0; providerFields.length < fields; i++) {
    const a = words[i % words.length]!;
    const b = words[Math.floor(i / words.length) % words.length]!;
    const n = Math.floor(i / (words.length * words.length));
    const valueType = types[i % types.length]!;
    providerFields.push({
      fieldName: `${a}${b[0]!.toUpperCase()}${b.slice(1)}${n || ''}${i}`,
      displayName: `${a[0]!.toUpperCase()}${a.slice(1)} ${b} ${i}`,
      valueType,
      isCustom: true,
      ...(valueType === 'singleSelect' ? { values: picklist } : {}),
    });
  }
  const picklistFields = providerFields.filter((f) => f.valueType === 'singleSelect');
  const mappedValues = ['new', 'active', 'paused', 'closed'].map((value) => ({
    mappedValue: value,
    mappedDisplayValue: value[0]!.toUpperCase() + value.slice(1),
  }));
  const mappingInputs: MappingInput[] = [];
  for (let i = 0; i < mappings; i++) {
    const mapToName = `appField${String(i).padStart(3, '0')}`;
    const base = { mapToName, mapToDisplayName: `App field ${i}`, required: i % 3 === 0 };
    if (i % 10 === 0) {
      mappingInputs.push({
        ...base,
        fieldName: picklistFields[i % picklistFields.length]!.fieldName,
        mappedValues,
      });
    } else if (i % 10 === 5) {
      mappingInputs.push({ ...base, mappedValues, prompt: 'Which field holds this in your CRM?' });
    } else {
      mappingInputs.push({ ...base, mapToType: i % 2 === 0 ? 'string' : 'number' });
    }
  }
  const connection = {
    id: 'conn-acme',
    projectId: 'demo',
    provider: 'sandboxcrm',
    group: {
      groupRef: 'acme',
      groupName: 'Acme Corp',
      projectId: 'demo',
      createTime: '2026-11-01T00:00:00.000Z',
    },
    consumer: { consumerRef: 'bench' },
    createTime: '2026-11-01T00:00:00.000Z',
    authScheme: 'oauth2/authorizationCode',
    status: 'working',
  } as IntegrationDetails['connection'];
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
        fields: providerFields,
        fieldsError: null,
        supports: { readFilters: true, writeIfEmpty: true },
        enabledAlways: false,
        manifest: {
          objectName: 'contacts',
          destination: 'contactsWebhook',
          schedule: '*/15 * * * *',
          requiredFields: [{ fieldName: 'email' }],
          backfill: { defaultPeriod: { days: 30 } },
        },
        mappingInputs,
      },
    ],
    writeObjects: [],
    proxy: { allowed: false },
    installation: null,
    connection,
    previousConfig: null,
    searchableObjects: [],
  } as IntegrationDetails;
}
