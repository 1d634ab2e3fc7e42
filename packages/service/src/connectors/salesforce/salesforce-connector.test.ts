/**
 * The Salesforce connector against the Salesforce emulator over loopback HTTP, through the service's own
 * HTTP layer: metadata from describe, reads paged by nextRecordsUrl (and resumed when Salesforce has
 * forgotten the query), incremental reads after changes, search with hostile values, writes with partial
 * batch failures, and errors.
 */
import { randomUUID } from 'node:crypto';
import { type RunningSalesforceEmulator, startSalesforceEmulator } from '@splice/provider-emulators';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ProviderRecord } from '../connector.js';
import { createProviderHttp } from '../create-provider-http.js';
import { MemoryTokenSource } from '../memory-token-source.js';
import { ProviderError } from '../provider-error.js';
import type { ProviderHttp, ProviderRequest } from '../provider-http.js';
import { SalesforceConnector } from './salesforce-connector.js';

const counts = { contacts: 450, companies: 20, deals: 30 };
// Later than every generated modification time, so that changes made by the tests come last.
let clock = Date.UTC(2026, 0, 1);
let emulator: RunningSalesforceEmulator;
let connector: SalesforceConnector;
/** Every request the connector sent, in order. */
const sent: ProviderRequest[] = [];

function httpFor(running: RunningSalesforceEmulator, log?: ProviderRequest[]): ProviderHttp {
  const tokens = running.issueTokens();
  const http = createProviderHttp({
    provider: 'salesforce',
    connectionId: randomUUID(),
    tokens: new MemoryTokenSource({
      accessToken: tokens.accessToken,
      refreshToken: tokens.refreshToken,
      instanceUrl: running.url,
    }),
    oauth: {
      tokenUrl: `${running.url}/services/oauth2/token`,
      clientId: running.app.clientId,
      clientSecret: running.app.clientSecret,
    },
  });
  return {
    provider: http.provider,
    send: (request) => {
      log?.push(request);
      return http.send(request);
    },
  };
}

beforeAll(async () => {
  emulator = await startSalesforceEmulator({ counts, now: () => clock });
  connector = new SalesforceConnector(httpFor(emulator, sent));
});
afterAll(() => emulator.close());

const failureOf = (promise: Promise<unknown>) =>
  promise.then(
    () => undefined,
    (error: unknown) => error,
  );

async function readAll(
  reader: SalesforceConnector,
  request: { objectName: string; fields: string[]; pageSize: number; sinceMs?: number; untilMs?: number },
) {
  const pages: ProviderRecord[][] = [];
  let cursor: string | undefined;
  do {
    const page = await reader.readPage({ ...request, ...(cursor && { cursor }) });
    pages.push(page.records);
    cursor = page.done ? undefined : page.nextCursor;
    expect(page.done || page.nextCursor !== undefined).toBe(true);
  } while (cursor);
  return pages;
}

const stampsOf = (records: ProviderRecord[]) =>
  records.map((r) => Date.parse(r.fields.SystemModstamp as string));

describe('metadata', () => {
  it('describes picklists, references, types and the read-only and required flags', async () => {
    const [contact, opportunity] = await connector.listObjectMetadata(['Contact', 'Opportunity']);
    expect(contact).toMatchObject({ name: 'Contact', displayName: 'Contact' });
    expect(contact!.fields.LeadSource).toMatchObject({ valueType: 'singleSelect', providerType: 'picklist' });
    expect(contact!.fields.LeadSource!.values).toContainEqual({ value: 'Web', displayValue: 'Web' });
    expect(contact!.fields.AccountId).toMatchObject({ valueType: 'reference', referenceTo: ['Account'] });
    expect(contact!.fields.HasOptedOutOfEmail).toMatchObject({ valueType: 'boolean', isRequired: false });
    expect(contact!.fields.LastName).toMatchObject({
      valueType: 'string',
      isRequired: true,
      readOnly: false,
    });
    expect(contact!.fields.SystemModstamp).toMatchObject({ valueType: 'datetime', readOnly: true });
    expect(opportunity!.fields.Amount).toMatchObject({ valueType: 'float', providerType: 'currency' });
    expect(opportunity!.fields.CloseDate).toMatchObject({ valueType: 'date', isRequired: true });
    expect(opportunity!.fields.IsWon).toMatchObject({ readOnly: true, isRequired: false });
  });

  it('answers an object the org does not have as not found', async () => {
    expect(await failureOf(connector.listObjectMetadata(['Spaceship__c']))).toMatchObject({
      kind: 'notFound',
      details: { status: 404 },
    });
  });
});

describe('reads', () => {
  it('reads every contact once, oldest change first, page by page through nextRecordsUrl', async () => {
    sent.length = 0;
    const pages = await readAll(connector, {
      objectName: 'Contact',
      fields: ['Email', 'LeadSource'],
      pageSize: 200,
    });
    const records = pages.flat();
    expect(pages.map((page) => page.length)).toEqual([200, 200, 50]);
    expect(new Set(records.map((r) => r.id)).size).toBe(counts.contacts);
    const stamps = stampsOf(records);
    expect(stamps).toEqual([...stamps].sort((a, b) => a - b));
    // One query, then its locators, each asking for the page size (the describe is kept from the test above).
    expect(sent.map((request) => request.path.replace(/\/query\/.+$/, '/query/{locator}'))).toEqual([
      '/services/data/v60.0/query',
      '/services/data/v60.0/query/{locator}',
      '/services/data/v60.0/query/{locator}',
    ]);
    expect(sent.every((r) => r.headers?.['sforce-query-options'] === 'batchSize=200')).toBe(true);
    expect(records[0]).toMatchObject({ raw: { attributes: { type: 'Contact' } } });
    expect(records[0]!.fields).not.toHaveProperty('attributes');
    expect(records[0]!.fields.SystemModstamp).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/);
    // The first query's totalSize counts the whole read.
    const firstPage = await connector.readPage({ objectName: 'Contact', fields: [], pageSize: 200 });
    expect(firstPage.totalRecords).toBe(counts.contacts);
  });

  it('cuts a page Salesforce makes larger than asked and reads the rest from where it stopped', async () => {
    const pages = await readAll(connector, { objectName: 'Contact', fields: ['Email'], pageSize: 64 });
    expect(pages.every((page) => page.length <= 64)).toBe(true);
    const ids = pages.flat().map((r) => r.id);
    expect(ids).toHaveLength(counts.contacts);
    expect(new Set(ids).size).toBe(counts.contacts);
  });

  it('resumes after the last record when Salesforce no longer knows the query (another instance, same org)', async () => {
    const first = await connector.readPage({ objectName: 'Contact', fields: ['Email'], pageSize: 200 });
    expect(first.done).toBe(false);
    // The same generated org, whose query locators know nothing of the first instance's query.
    const twin = await startSalesforceEmulator({ counts, now: () => clock });
    try {
      const twinConnector = new SalesforceConnector(httpFor(twin));
      const rest: ProviderRecord[] = [];
      let cursor = first.nextCursor;
      while (cursor) {
        const page = await twinConnector.readPage({
          objectName: 'Contact',
          fields: ['Email'],
          pageSize: 200,
          cursor,
        });
        rest.push(...page.records);
        cursor = page.nextCursor;
      }
      const ids = [...first.records, ...rest].map((r) => r.id);
      expect(ids).toHaveLength(counts.contacts);
      expect(new Set(ids).size).toBe(counts.contacts);
    } finally {
      await twin.close();
    }
  });

  it('reads only the changes of a window, (since, until], after changes over HTTP', async () => {
    const [a, b, c] = (
      await connector.search({ objectName: 'Contact', filters: [], fields: ['LastName'], limit: 3 })
    ).map((r) => r.id);
    clock += 60_000;
    const sinceMs = clock;
    // At `since` itself: outside the window.
    expect(
      await connector.write({ objectName: 'Contact', recordId: a!, fields: { Title: 'At since' } }),
    ).toMatchObject({ success: true });
    clock += 5_000;
    expect(
      await connector.write({ objectName: 'Contact', recordId: b!, fields: { Title: 'Changed' } }),
    ).toMatchObject({ success: true });
    const created = await connector.write({ objectName: 'Contact', fields: { LastName: 'Newcomer' } });
    clock += 5_000;
    const untilMs = clock;
    // At `until` itself: inside.
    await connector.write({ objectName: 'Contact', recordId: c!, fields: { Title: 'At until' } });
    clock += 1_000;
    await connector.write({ objectName: 'Contact', recordId: a!, fields: { Title: 'After until' } });

    const pages = await readAll(connector, {
      objectName: 'Contact',
      fields: ['Title', 'LastName'],
      pageSize: 200,
      sinceMs,
      untilMs,
    });
    const records = pages.flat();
    expect(records.map((r) => r.id)).toEqual([b, created.success ? created.recordId : 'none', c]);
    // The first page counts the window's records; the next pages count nothing.
    const first = await connector.readPage({
      objectName: 'Contact',
      fields: [],
      pageSize: 2,
      sinceMs,
      untilMs,
    });
    expect(first.totalRecords).toBe(3);
    const next = await connector.readPage({
      objectName: 'Contact',
      fields: [],
      pageSize: 2,
      sinceMs,
      untilMs,
      ...(first.nextCursor && { cursor: first.nextCursor }),
    });
    expect(next.totalRecords).toBeUndefined();
    expect(records[0]!.fields).toMatchObject({
      Title: 'Changed',
      SystemModstamp: new Date(sinceMs + 5_000).toISOString(),
    });
    expect(records[2]!.fields.SystemModstamp).toBe(new Date(untilMs).toISOString());
  });

  it('refuses a field the object does not have before asking Salesforce', async () => {
    const before = sent.length;
    const error = await failureOf(
      connector.readPage({ objectName: 'Contact', fields: ['Email', 'Shoe_Size__c'], pageSize: 10 }),
    );
    expect(error).toMatchObject({ kind: 'badRequest', details: { fieldNames: ['Shoe_Size__c'] } });
    expect(sent.slice(before).some((r) => r.path.endsWith('/query'))).toBe(false);
  });
});

describe('search', () => {
  // O'Brien\' OR LastName != '' \\ "quoted", a line break and a tab.
  const hostile = `O'Brien\\' OR LastName != '' \\\\ "quoted"\n\ttab`;

  it('matches the record that literally holds a value with quotes, backslashes and control characters, and nothing else', async () => {
    const holder = await connector.write({
      objectName: 'Contact',
      fields: { LastName: hostile, Title: 'holder' },
    });
    // Near misses: the value's prefix before its first quote, and the value without its backslashes.
    await connector.write({ objectName: 'Contact', fields: { LastName: 'O', Title: 'prefix' } });
    await connector.write({
      objectName: 'Contact',
      fields: { LastName: hostile.replaceAll('\\', ''), Title: 'unescaped' },
    });
    const found = await connector.search({
      objectName: 'Contact',
      filters: [{ fieldName: 'LastName', value: hostile }],
      limit: 50,
    });
    expect(found.map((r) => r.id)).toEqual([holder.success && holder.recordId]);
    expect(found[0]!.fields.LastName).toBe(hostile);
  });

  it('finds nothing for a value written to escape its quotes', async () => {
    for (const value of [
      "x' OR LastName != '",
      String.raw`x\' OR LastName != \'`,
      "x' OR Id != null OR LastName = '",
    ]) {
      expect(
        await connector.search({
          objectName: 'Contact',
          filters: [{ fieldName: 'LastName', value }],
          limit: 50,
        }),
      ).toEqual([]);
    }
  });

  it('ANDs its conditions and compares values by type', async () => {
    const all = (
      await readAll(connector, {
        objectName: 'Contact',
        fields: ['LeadSource', 'HasOptedOutOfEmail'],
        pageSize: 2_000,
      })
    ).flat();
    const expected = all
      .filter((r) => r.fields.LeadSource === 'Web' && r.fields.HasOptedOutOfEmail === false)
      .map((r) => r.id);
    expect(expected.length).toBeGreaterThan(0);
    const found = await connector.search({
      objectName: 'Contact',
      filters: [
        { fieldName: 'leadsource', value: 'Web' },
        { fieldName: 'HasOptedOutOfEmail', value: false },
      ],
      fields: ['LeadSource'],
      limit: 2_000,
    });
    expect(found.map((r) => r.id).sort()).toEqual(expected.sort());
    // A string for a boolean field equals nothing.
    expect(
      await connector.search({
        objectName: 'Contact',
        filters: [{ fieldName: 'HasOptedOutOfEmail', value: 'false' }],
        limit: 10,
      }),
    ).toEqual([]);
  });

  it('matches a condition with several values when the field equals any of them, leaving out mistyped ones', async () => {
    const all = (
      await readAll(connector, { objectName: 'Contact', fields: ['LeadSource'], pageSize: 2_000 })
    ).flat();
    const sources = ['Web', 'Phone Inquiry'];
    const expected = all.filter((r) => sources.includes(String(r.fields.LeadSource))).map((r) => r.id);
    expect(new Set(all.filter((r) => expected.includes(r.id)).map((r) => r.fields.LeadSource))).toEqual(
      new Set(sources),
    );
    const found = await connector.search({
      objectName: 'Contact',
      filters: [{ fieldName: 'LeadSource', value: [...sources, true] }],
      fields: ['LeadSource'],
      limit: 2_000,
    });
    expect(found.map((r) => r.id).sort()).toEqual(expected.sort());
    expect(
      await connector.search({
        objectName: 'Contact',
        filters: [{ fieldName: 'LeadSource', value: [true, 7] }],
        limit: 10,
      }),
    ).toEqual([]);
  });

  it('refuses an unknown field as a bad request naming it', async () => {
    const error = await failureOf(
      connector.search({
        objectName: 'Contact',
        filters: [{ fieldName: "LastName = 'x' OR Id", value: 'y' }],
        limit: 10,
      }),
    );
    expect(error).toBeInstanceOf(ProviderError);
    expect(error).toMatchObject({ kind: 'badRequest', details: { fieldNames: ["LastName = 'x' OR Id"] } });
  });
});

describe('writes', () => {
  it('creates a batch with one refused record: the others are written, the refusal names its field', async () => {
    const outcomes = await connector.batchWrite({
      objectName: 'Contact',
      type: 'create',
      records: [
        { fields: { LastName: 'Batch A' } },
        { fields: { FirstName: 'No last name' } },
        { fields: { LastName: 'Batch C', LeadSource: 'Web' } },
      ],
    });
    expect(outcomes.map((o) => o.success)).toEqual([true, false, true]);
    expect(outcomes[1]).toMatchObject({ success: false, fieldNames: ['LastName'] });
    expect(outcomes[1]!.success === false && outcomes[1]!.reason).toContain('REQUIRED_FIELD_MISSING');
    for (const name of ['Batch A', 'Batch C']) {
      expect(
        await connector.search({
          objectName: 'Contact',
          filters: [{ fieldName: 'LastName', value: name }],
          limit: 5,
        }),
      ).toHaveLength(1);
    }
  });

  it('updates in collections of 200, each record with its own outcome in order', async () => {
    const targets = (
      await connector.search({ objectName: 'Contact', filters: [], fields: ['Id'], limit: 250 })
    ).map((r) => r.id);
    expect(targets).toHaveLength(250);
    sent.length = 0;
    const outcomes = await connector.batchWrite({
      objectName: 'Contact',
      type: 'update',
      records: [
        ...targets.map((recordId) => ({ recordId, fields: { Title: 'Bulk title' } })),
        { recordId: '003Em9999999999AAA', fields: { Title: 'Gone' } },
        { recordId: targets[0]!, fields: { LeadSource: 'Carrier pigeon' } },
      ],
    });
    expect(sent.filter((r) => r.path.endsWith('/composite/sobjects')).map((r) => r.method)).toEqual([
      'PATCH',
      'PATCH',
    ]);
    expect(outcomes).toHaveLength(252);
    expect(outcomes.slice(0, 250).every((o) => o.success)).toBe(true);
    expect(outcomes[250]).toMatchObject({ success: false });
    expect(outcomes[251]).toMatchObject({ success: false, fieldNames: ['LeadSource'] });
    const titled = await connector.search({
      objectName: 'Contact',
      filters: [{ fieldName: 'Title', value: 'Bulk title' }],
      limit: 2_000,
    });
    expect(titled.map((r) => r.id).sort()).toEqual([...targets].sort());
  });

  it('refuses one record naming its field, and deletes, a missing record being no error', async () => {
    const refused = await connector.write({
      objectName: 'Contact',
      fields: { LastName: 'Picky', LeadSource: 'Nope' },
    });
    expect(refused).toMatchObject({ success: false, fieldNames: ['LeadSource'] });
    const unknown = await connector.write({ objectName: 'Contact', fields: { LastName: 'x', Shoe__c: 3 } });
    expect(unknown).toMatchObject({ success: false, fieldNames: ['Shoe__c'] });

    const created = await connector.write({ objectName: 'Contact', fields: { LastName: 'Short-lived' } });
    if (!created.success) throw new Error(created.reason);
    await connector.delete('Contact', created.recordId);
    expect(
      await connector.search({
        objectName: 'Contact',
        filters: [{ fieldName: 'Id', value: created.recordId }],
        limit: 1,
      }),
    ).toEqual([]);
    await expect(connector.delete('Contact', created.recordId)).resolves.toBeUndefined();
  });
  it('gets one record with the asked fields, and nothing for a deleted or impossible id', async () => {
    const created = await connector.write({
      objectName: 'Contact',
      fields: { LastName: 'Fetched', Title: 'Buyer', HasOptedOutOfEmail: true },
    });
    if (!created.success) throw new Error(created.reason);
    const found = await connector.getRecord('Contact', created.recordId, ['Title', 'HasOptedOutOfEmail']);
    expect(found?.id).toBe(created.recordId);
    expect(found?.fields).toMatchObject({ Title: 'Buyer', HasOptedOutOfEmail: true });
    expect(found?.fields.LastName).toBeUndefined();
    await connector.delete('Contact', created.recordId);
    expect(await connector.getRecord('Contact', created.recordId, ['Title'])).toBeUndefined();
    expect(await connector.getRecord('Contact', 'not-an-id', ['Title'])).toBeUndefined();
  });
});

describe('errors', () => {
  it('reads 403 REQUEST_LIMIT_EXCEEDED as rate limited with a wait', async () => {
    const { max } = emulator.apiLimit;
    emulator.apiLimit.max = 0;
    try {
      const error = await failureOf(connector.search({ objectName: 'Contact', filters: [], limit: 1 }));
      expect(error).toMatchObject({ kind: 'rateLimited', retryable: true, details: { status: 403 } });
      expect((error as ProviderError).details.retryAfterMs).toBeGreaterThan(0);
    } finally {
      emulator.apiLimit.max = max;
    }
  });

  it('passes an outage on as unavailable', async () => {
    emulator.faults.errorRate = 1;
    emulator.faults.errorStatus = 503;
    try {
      expect(
        await failureOf(connector.search({ objectName: 'Contact', filters: [], limit: 1 })),
      ).toMatchObject({ kind: 'unavailable' });
    } finally {
      emulator.faults.errorRate = 0;
    }
  });
});
