/** Upstream answers shaped as the service (and the hosted service) sends them. */
const time = '2026-11-01T10:00:00.000Z';

export const group = { groupRef: 'acme', groupName: 'Acme Corp', projectId: 'demo', createTime: time };

/** A connection carrying the credential fields a hosted connection may have: none may reach a browser. */
export const connectionWithSecrets = {
  id: 'conn-acme',
  projectId: 'demo',
  provider: 'sandboxcrm',
  group,
  consumer: { consumerRef: 'acme-admin', accessToken: 'consumer-access-token-SECRET' },
  createTime: time,
  authScheme: 'oauth2/authorizationCode',
  status: 'working',
  credentials: { accessToken: 'access-token-SECRET', refreshToken: 'refresh-token-SECRET' },
  accessToken: 'access-token-SECRET',
  refreshToken: 'refresh-token-SECRET',
  apiKey: 'provider-api-key-SECRET',
  secret: 'client-secret-SECRET',
  oauth: { clientSecret: 'client-secret-SECRET', tokenUrl: 'https://idp.example/token' },
};

export const installation = {
  id: 'inst-1',
  projectId: 'demo',
  integrationId: 'crm-sync',
  group,
  healthStatus: 'healthy',
  lastOperationStatus: 'success',
  connection: connectionWithSecrets,
  createTime: time,
  createdBy: 'consumer:alice',
  config: {
    id: 'cfg-1',
    revisionId: 'rev-1',
    createTime: time,
    createdBy: 'consumer:alice',
    content: {
      provider: 'sandboxcrm',
      read: {
        objects: { contacts: { objectName: 'contacts', selectedFields: {}, selectedFieldMappings: {} } },
      },
    },
  },
};

export const integration = {
  id: 'crm-sync',
  projectId: 'demo',
  name: 'crm-sync',
  provider: 'sandboxcrm',
  createTime: time,
  latestRevision: {
    id: 'rev-1',
    specVersion: '1.0.0',
    createTime: time,
    content: {
      name: 'crm-sync',
      provider: 'sandboxcrm',
      read: { objects: [{ objectName: 'contacts' }, { objectName: 'deals', enabled: 'always' }] },
    },
  },
};

export const contactsMetadata = {
  name: 'contacts',
  displayName: 'Contacts',
  fields: { email: { fieldName: 'email', displayName: 'Email', valueType: 'string' } },
};

export const invite = {
  id: 'inv-1',
  invitedEmail: 'new@example.com',
  parentType: 'org',
  parentId: 'org-demo',
  status: 'pending',
  createTime: time,
};

export const validCreateBody = {
  config: {
    content: {
      provider: 'hubspot',
      read: { objects: { contacts: { objectName: 'contacts', selectedFields: { email: true } } } },
    },
  },
};
