import type { Connection, Installation, Integration } from '@splice/schema';
import { catalogEntrySchema, connectionSchema, installationSchema, integrationSchema } from '@splice/schema';
import { describe, expect, it } from 'vitest';
import * as fixtures from '../../test/helpers/fixtures.js';
import type { CatalogFacts } from './catalog-entry.js';
import { catalogEntry } from './catalog-entry.js';

const integration: Integration = integrationSchema.parse(fixtures.integration);
const working: Connection = connectionSchema.parse(fixtures.connectionWithSecrets);
const broken: Connection = { ...working, id: 'conn-broken', status: 'bad_credentials' };
const installed: Installation = installationSchema.parse({ ...fixtures.installation, connection: working });

function entry(facts: Partial<CatalogFacts>) {
  const answer = catalogEntry({
    integration,
    providerDisplayName: 'Sandbox CRM',
    installation: null,
    connections: [],
    readStatus: null,
    ...facts,
  });
  expect(catalogEntrySchema.safeParse(answer).success).toBe(true);
  return answer;
}

describe('catalogEntry', () => {
  it('names the integration and its provider as people know them', () => {
    expect(entry({})).toMatchObject({
      id: 'crm-sync',
      name: 'crm-sync',
      displayName: 'crm-sync',
      provider: 'sandboxcrm',
      providerDisplayName: 'Sandbox CRM',
    });
  });

  it('given no connection and no installation, says so for both', () => {
    expect(entry({})).toMatchObject({ connection: 'none', installation: 'not_installed' });
  });

  it('given only a connection the provider refuses, asks for a reconnect', () => {
    expect(entry({ connections: [broken] }).connection).toBe('needs_reconnect');
    expect(entry({ connections: [broken, working] }).connection).toBe('connected');
  });

  it("judges an installed integration by the installation's own connection, not another one", () => {
    const onBroken = { ...installed, connection: broken };
    expect(entry({ installation: onBroken, connections: [working, broken] }).connection).toBe(
      'needs_reconnect',
    );
  });

  it('given a healthy installation that reads something, says installed', () => {
    expect(entry({ installation: installed, connections: [working] }).installation).toBe('installed');
  });

  it('given an installation the service reports unhealthy, says so', () => {
    const unhealthy = { ...installed, healthStatus: 'unhealthy' as const };
    expect(entry({ installation: unhealthy }).installation).toBe('unhealthy');
  });

  it('says paused only when every object it reads is paused or turned off', () => {
    const objects = [
      { objectName: 'contacts', paused: true, disabled: false },
      { objectName: 'deals', paused: false, disabled: true },
    ];
    expect(entry({ installation: installed, readStatus: objects }).installation).toBe('paused');
    const oneReading = [...objects, { objectName: 'companies', paused: false, disabled: false }];
    expect(entry({ installation: installed, readStatus: oneReading }).installation).toBe('installed');
  });

  it("without the read-status extension, reads the installation's settings (an always-read object still reads)", () => {
    const turnedOff = structuredClone(installed);
    const contacts = turnedOff.config.content.read?.objects.contacts;
    if (contacts) contacts.disabled = true;
    // `deals` is read always by the manifest, so the installation still reads.
    expect(entry({ installation: turnedOff }).installation).toBe('installed');
    const onlyContacts = structuredClone(integration);
    onlyContacts.latestRevision.content.read.objects = [{ objectName: 'contacts' }];
    expect(entry({ integration: onlyContacts, installation: turnedOff }).installation).toBe('paused');
  });
});
