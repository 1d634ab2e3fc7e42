/**
 * jsforce, Salesforce's widely used Node client, unchanged against the emulator: SOQL with paging,
 * describe, record CRUD and collections, errors, and the OAuth flow with `instance_url` and a refresh when
 * the session expires.
 */
import { Connection, OAuth2, type QueryOptions } from 'jsforce';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RunningSalesforceEmulator, startSalesforceEmulator } from './start.js';

const counts = { contacts: 450, companies: 20, deals: 60 };
const version = '60.0';
let clock = Date.UTC(2026, 0, 1);
let emulator: RunningSalesforceEmulator;
let conn: Connection;

beforeAll(async () => {
  emulator = await startSalesforceEmulator({ counts, accessTokenTtlSeconds: 60, now: () => clock });
  conn = new Connection({
    instanceUrl: emulator.url,
    accessToken: emulator.issueTokens().accessToken,
    version,
  });
});
afterAll(() => emulator.close());

const errorOf = (promise: PromiseLike<unknown>) =>
  promise.then(
    () => undefined,
    (error: unknown) => error,
  );

describe('SOQL', () => {
  it('pages through every contact by nextRecordsUrl, batchSize at a time', async () => {
    const options: Partial<QueryOptions> = { headers: { 'Sforce-Query-Options': 'batchSize=200' } };
    const first = await conn.query<{ Id: string }>('SELECT Id, Email FROM Contact', options);
    expect(first).toMatchObject({ totalSize: counts.contacts, done: false });
    expect(first.records).toHaveLength(200);
    expect(first.records[0]).toMatchObject({ attributes: { type: 'Contact' } });
    const ids = first.records.map((record) => record.Id);
    let page = first;
    while (!page.done) {
      page = await conn.queryMore<{ Id: string }>(page.nextRecordsUrl!, options as QueryOptions);
      ids.push(...page.records.map((record) => record.Id));
    }
    expect(ids).toHaveLength(counts.contacts);
    expect(new Set(ids).size).toBe(counts.contacts);
  });

  it('filters, sorts and limits: modified since an instant, newest first', async () => {
    const since = '2024-06-01T00:00:00Z';
    const { records } = await conn.query<{ SystemModstamp: string; LeadSource: string }>(
      `SELECT Id, SystemModstamp, LeadSource FROM Contact WHERE SystemModstamp > ${since} AND (LeadSource = 'Web' OR LeadSource IN ('Other')) ORDER BY SystemModstamp DESC LIMIT 25`,
    );
    expect(records.length).toBeGreaterThan(0);
    expect(records.length).toBeLessThanOrEqual(25);
    const stamps = records.map((r) => Date.parse(r.SystemModstamp.replace(/(\d{2})(\d{2})$/, '$1:$2')));
    expect(stamps.every((stamp) => stamp > Date.parse(since))).toBe(true);
    expect(stamps).toEqual([...stamps].sort((a, b) => b - a));
    expect(records.every((r) => ['Web', 'Other'].includes(r.LeadSource))).toBe(true);
  });

  it('counts with COUNT() and matches LIKE patterns case-insensitively', async () => {
    const all = await conn.query('SELECT COUNT() FROM Opportunity');
    expect(all.totalSize).toBe(counts.deals);
    const won = await conn.query<{ StageName: string }>(
      "SELECT Id, StageName FROM Opportunity WHERE StageName LIKE 'closed w%'",
    );
    expect(won.totalSize).toBeGreaterThan(0);
    expect(won.records.every((r) => r.StageName === 'Closed Won')).toBe(true);
  });

  it('answers MALFORMED_QUERY, INVALID_FIELD and INVALID_TYPE as Salesforce does', async () => {
    expect(await errorOf(conn.query('SELECT Id Contact'))).toMatchObject({ errorCode: 'MALFORMED_QUERY' });
    expect(await errorOf(conn.query('SELECT Shoe_Size FROM Contact'))).toMatchObject({
      errorCode: 'INVALID_FIELD',
    });
    expect(await errorOf(conn.query('SELECT Id FROM Spaceship'))).toMatchObject({
      errorCode: 'INVALID_TYPE',
    });
  });
});

describe('describe', () => {
  it('lists the objects and describes each field with its type, picklist values and references', async () => {
    const global = await conn.describeGlobal();
    expect(global.sobjects.map((s) => s.name)).toEqual(['Account', 'Contact', 'Opportunity']);
    const contact = await conn.sobject('Contact').describe();
    const byName = new Map(contact.fields.map((f) => [f.name, f]));
    expect(byName.get('AccountId')).toMatchObject({ type: 'reference', referenceTo: ['Account'] });
    expect(byName.get('LastName')).toMatchObject({ type: 'string', nillable: false, createable: true });
    expect(byName.get('SystemModstamp')).toMatchObject({
      type: 'datetime',
      createable: false,
      updateable: false,
    });
    const stages = (await conn.sobject('Opportunity').describe()).fields.find((f) => f.name === 'StageName')!;
    expect(stages.type).toBe('picklist');
    expect(stages.picklistValues!.map((v) => v.value)).toContain('Closed Won');
  });
});

describe('records', () => {
  it('creates, retrieves, updates and deletes a contact', async () => {
    const created = await conn
      .sobject('Contact')
      .create({ LastName: 'Emulated', Email: 'emulated@example.com' });
    expect(created).toMatchObject({ success: true });
    const id = (created as { id: string }).id;
    expect(id.startsWith('003')).toBe(true);

    await conn.sobject('Contact').update({ Id: id, Title: 'Tester' });
    const read = await conn.sobject('Contact').retrieve(id);
    expect(read).toMatchObject({ LastName: 'Emulated', Title: 'Tester' });
    const found = await conn.query(`SELECT Id FROM Contact WHERE Email = 'EMULATED@example.com'`);
    expect(found.totalSize).toBe(1);

    await conn.sobject('Contact').destroy(id);
    expect(await errorOf(conn.sobject('Contact').retrieve(id))).toMatchObject({ errorCode: 'NOT_FOUND' });
    expect((await conn.query(`SELECT Id FROM Contact WHERE Id = '${id}'`)).totalSize).toBe(0);
  });

  it('refuses a write naming each offending field, and writes nothing', async () => {
    const error = await errorOf(conn.sobject('Opportunity').create({ Amount: 'lots', StageName: 'Won-ish' }));
    expect(error).toMatchObject({ errorCode: expect.any(String) });
    const raw = await fetch(`${emulator.url}/services/data/v${version}/sobjects/Opportunity`, {
      method: 'POST',
      headers: { authorization: `Bearer ${conn.accessToken}`, 'content-type': 'application/json' },
      body: JSON.stringify({ Amount: 'lots', StageName: 'Won-ish', IsWon: true }),
    });
    expect(raw.status).toBe(400);
    const entries = (await raw.json()) as Array<{ errorCode: string; fields: string[] }>;
    expect(entries.map((e) => [e.errorCode, e.fields])).toEqual([
      ['JSON_PARSER_ERROR', ['Amount']],
      ['INVALID_OR_NULL_FOR_RESTRICTED_PICKLIST', ['StageName']],
      ['INVALID_FIELD_FOR_INSERT_UPDATE', ['IsWon']],
      ['REQUIRED_FIELD_MISSING', ['Name', 'CloseDate']],
    ]);
    expect((await conn.query('SELECT COUNT() FROM Opportunity')).totalSize).toBe(counts.deals);
  });

  it('creates and deletes several through the sObject collections, all or none', async () => {
    const results = await conn
      .sobject('Account')
      .create([{ Name: 'Collection A' }, { Name: 'Collection B' }], {
        allOrNone: true,
      });
    expect(results.map((r) => r.success)).toEqual([true, true]);
    const rolledBack = await conn
      .sobject('Account')
      .create([{ Name: 'Collection C' }, { Website: 'no name' }], {
        allOrNone: true,
      });
    expect(rolledBack.map((r) => r.success)).toEqual([false, false]);
    expect(rolledBack.map((r) => (r as { errors: unknown[] }).errors)).toEqual([
      [expect.objectContaining({ statusCode: 'ALL_OR_NONE_OPERATION_ROLLED_BACK' })],
      [expect.objectContaining({ statusCode: 'REQUIRED_FIELD_MISSING', fields: ['Name'] })],
    ]);
    expect((await conn.query("SELECT Id FROM Account WHERE Name = 'Collection C'")).totalSize).toBe(0);

    const ids = results.map((r) => (r as { id: string }).id);
    const deleted = await conn.sobject('Account').destroy(ids);
    expect(deleted.map((r) => r.success)).toEqual([true, true]);
    expect((await conn.query("SELECT Id FROM Account WHERE Name LIKE 'Collection%'")).totalSize).toBe(0);
  });
});

describe('OAuth', () => {
  const redirectUri = 'http://127.0.0.1:9/callback';

  async function allow(authorizeUrl: string): Promise<string> {
    const page = await fetch(authorizeUrl);
    expect(page.status).toBe(200);
    const markup = await page.text();
    const fields = [...markup.matchAll(/<input type="hidden" name="([^"]+)" value="([^"]*)">/g)].map(
      ([, name, value]) => [name!, value!.replaceAll('&amp;', '&')] as [string, string],
    );
    const answer = await fetch(new URL('/services/oauth2/authorize', emulator.url), {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams([...fields, ['decision', 'allow']]),
      redirect: 'manual',
    });
    return new URL(answer.headers.get('location')!).searchParams.get('code')!;
  }

  it('authorizes through the consent page: instance_url is the API base, and an expired session is refreshed', async () => {
    const oauth2 = new OAuth2({
      loginUrl: emulator.url,
      clientId: emulator.app.clientId,
      clientSecret: emulator.app.clientSecret,
      redirectUri,
    });
    const authorizeUrl = oauth2.getAuthorizationUrl({ scope: 'api refresh_token', state: 'xyz' });
    expect(new URL(authorizeUrl).pathname).toBe('/services/oauth2/authorize');
    const connected = new Connection({ oauth2, version });
    await connected.authorize(await allow(authorizeUrl));
    expect(connected.instanceUrl).toBe(emulator.url);
    expect(connected.refreshToken).toBeTruthy();
    const firstToken = connected.accessToken;
    expect((await connected.query('SELECT COUNT() FROM Account')).totalSize).toBeGreaterThan(0);

    clock += 61_000;
    const refreshed: string[] = [];
    connected.on('refresh', (accessToken: string) => refreshed.push(accessToken));
    expect((await connected.query('SELECT COUNT() FROM Account')).totalSize).toBeGreaterThan(0);
    expect(refreshed).toHaveLength(1);
    expect(connected.accessToken).not.toBe(firstToken);
  });

  it('answers INVALID_SESSION_ID for a revoked session', async () => {
    const { accessToken } = emulator.issueTokens();
    const revoked = new Connection({ instanceUrl: emulator.url, accessToken, version });
    expect(emulator.revokeGrant(accessToken)).toBe(true);
    expect(await errorOf(revoked.query('SELECT Id FROM Contact'))).toMatchObject({
      errorCode: 'INVALID_SESSION_ID',
    });
  });
});
