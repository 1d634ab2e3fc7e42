import { type RunningHubSpotEmulator, startHubSpotEmulator } from '@splice/provider-emulators';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Connector, ProviderRecord, ReadPageRequest } from '../connector.js';
import { createProviderHttp } from '../create-provider-http.js';
import { MemoryTokenSource } from '../memory-token-source.js';
import { ProviderError } from '../provider-error.js';
import { hubSpotCatalogEntry } from './catalog-entry.js';
import { createHubSpotConnector } from './hubspot-connector.js';

const contactCount = 300;
let emulator: RunningHubSpotEmulator;
/** The emulator's clock: tests move it to expire tokens. */
let clock = Date.now();
let connections = 0;

beforeAll(async () => {
  emulator = await startHubSpotEmulator({
    counts: { contacts: contactCount, companies: 20, deals: 40 },
    rateLimit: { max: 100_000 },
    accessTokenTtlSeconds: 600,
    now: () => clock,
  });
});
afterAll(() => emulator?.close());

interface Connected {
  connector: Connector;
  tokens: MemoryTokenSource;
  accessToken: string;
}

/** A new grant at the emulator and a connector over it; `layerNow` is the HTTP layer's clock. */
function connect(target = emulator, layerNow: () => number = () => clock, connectionId?: string): Connected {
  const issued = target.issueTokens(['crm.objects.contacts.read', 'crm.objects.contacts.write']);
  const tokens = new MemoryTokenSource({
    accessToken: issued.accessToken,
    refreshToken: issued.refreshToken,
    expiresAtMs: issued.issuedAt + issued.expiresIn * 1000,
  });
  return {
    connector: connectorOver(target, tokens, layerNow, connectionId),
    tokens,
    accessToken: issued.accessToken,
  };
}

function connectorOver(
  target: RunningHubSpotEmulator,
  tokens: MemoryTokenSource,
  layerNow: () => number,
  connectionId = `hubspot-test-${++connections}`,
): Connector {
  const entry = hubSpotCatalogEntry({
    clientId: target.app.clientId,
    clientSecret: target.app.clientSecret,
    baseUrl: target.url,
  });
  const http = createProviderHttp({
    provider: entry.name,
    connectionId,
    tokens,
    oauth: {
      tokenUrl: entry.oauth.tokenUrl,
      clientId: entry.oauth.clientId,
      clientSecret: entry.oauth.clientSecret,
    },
    baseUrl: entry.api.baseUrl,
    now: layerNow,
    timeoutMs: 5_000,
  });
  return createHubSpotConnector(http);
}

/** Every page of a read, following its cursor; `between` runs after each page. */
async function readAll(
  connector: Connector,
  request: Omit<ReadPageRequest, 'cursor'>,
  between?: (page: number) => void,
): Promise<{ records: ProviderRecord[]; pages: number }> {
  const records: ProviderRecord[] = [];
  let cursor: string | undefined;
  let pages = 0;
  for (;;) {
    const page = await connector.readPage({ ...request, ...(cursor && { cursor }) });
    records.push(...page.records);
    pages += 1;
    between?.(pages);
    if (page.done) return { records, pages };
    expect(page.nextCursor).toBeTypeOf('string');
    cursor = page.nextCursor;
  }
}

/** A call a HubSpot client would make itself, with a token of its own. */
async function hubspotApi(method: string, path: string, body?: unknown): Promise<Record<string, unknown>> {
  const response = await fetch(`${emulator.url}${path}`, {
    method,
    headers: {
      authorization: `Bearer ${emulator.issueTokens().accessToken}`,
      'content-type': 'application/json',
    },
    ...(body !== undefined && { body: JSON.stringify(body) }),
  });
  expect(response.ok, `${method} ${path}: ${response.status}`).toBe(true);
  return (await response.json()) as Record<string, unknown>;
}

async function failure(promise: Promise<unknown>): Promise<ProviderError> {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(ProviderError);
  return error as ProviderError;
}

const ids = (records: readonly ProviderRecord[]) => records.map((record) => record.id);

describe('HubSpot connector: reads', () => {
  it('reads every contact through the list pages, values typed by the metadata', async () => {
    const { connector, tokens } = connect();
    const { records, pages } = await readAll(connector, {
      objectName: 'contacts',
      fields: ['email', 'hubspotscore', 'hs_email_optout', 'lifecyclestage'],
      pageSize: 100,
    });
    expect(records).toHaveLength(contactCount);
    expect(new Set(ids(records)).size).toBe(contactCount);
    expect(pages).toBeGreaterThanOrEqual(3);
    const scored = records.find(
      (record) => record.raw.properties && (record.raw.properties as Record<string, unknown>).hubspotscore,
    );
    expect(scored?.fields.hubspotscore).toBeTypeOf('number');
    expect(
      records.every(
        (record) =>
          typeof record.fields.hs_email_optout === 'boolean' || record.fields.hs_email_optout === null,
      ),
    ).toBe(true);
    expect(records[0]?.raw).toMatchObject({
      id: records[0]?.id,
      properties: { email: records[0]?.fields.email },
    });
    expect(tokens.reports.map((r) => r.status)).toEqual(['working']);
  });

  it("counts a read on its first page only: all history by a search's total, a window by its own", async () => {
    const { connector } = connect();
    const first = await connector.readPage({ objectName: 'contacts', fields: [], pageSize: 10 });
    expect(first.totalRecords).toBe(contactCount);
    const second = await connector.readPage({
      objectName: 'contacts',
      fields: [],
      pageSize: 10,
      ...(first.nextCursor && { cursor: first.nextCursor }),
    });
    expect(second.totalRecords).toBeUndefined();

    const all = await readAll(connector, { objectName: 'deals', fields: [], pageSize: 100 });
    const stamps = all.records
      .map((record) => Date.parse(String(record.fields.hs_lastmodifieddate)))
      .sort((a, b) => a - b);
    const sinceMs = stamps[Math.floor(stamps.length / 2)]!;
    const windowed = await connector.readPage({ objectName: 'deals', fields: [], sinceMs, pageSize: 5 });
    expect(windowed.totalRecords).toBe(stamps.filter((ms) => ms > sinceMs).length);
  });

  it('reads just the records created or changed since a time, through the search endpoint', async () => {
    const { connector } = connect();
    clock += 1_000;
    const since = clock - 1;
    const created = await hubspotApi('POST', '/crm/v3/objects/contacts', {
      properties: { email: 'new.one@example.test', firstname: 'New' },
    });
    clock += 5;
    const updated = await hubspotApi('PATCH', '/crm/v3/objects/contacts/7', {
      properties: { jobtitle: 'CTO' },
    });
    clock += 5;
    const { records } = await readAll(connector, {
      objectName: 'contacts',
      fields: ['email', 'jobtitle'],
      sinceMs: since,
      untilMs: clock,
      pageSize: 50,
    });
    expect(ids(records)).toEqual([created.id, updated.id]);
    expect(records[1]?.fields.jobtitle).toBe('CTO');

    // The window is exclusive below: a read from the update's time on does not return it again.
    const after = await readAll(connector, {
      objectName: 'contacts',
      fields: [],
      sinceMs: clock,
      pageSize: 50,
    });
    expect(after.records).toEqual([]);
  });

  it('reads ties at one modification time exactly once, across pages smaller than the tie', async () => {
    const { connector } = connect();
    clock += 1_000;
    const since = clock - 1;
    // Every record of these batches is stamped with the same millisecond.
    const createdIds: string[] = [];
    for (let batch = 0; batch < 3; batch++) {
      const answer = await hubspotApi('POST', '/crm/v3/objects/deals/batch/create', {
        inputs: Array.from({ length: 100 }, (_, i) => ({ properties: { dealname: `Tie ${batch}-${i}` } })),
      });
      createdIds.push(...(answer.results as { id: string }[]).map((record) => record.id));
    }
    const { records, pages } = await readAll(connector, {
      objectName: 'deals',
      fields: ['dealname'],
      sinceMs: since,
      untilMs: clock,
      pageSize: 70,
    });
    expect(pages).toBeGreaterThanOrEqual(5);
    expect(ids(records).sort()).toEqual([...createdIds].sort());
  });

  it("reads more records modified in one window than HubSpot's search cap, which offset paging cannot", async () => {
    // HubSpot serves no search result past the 10,000th; this emulator's cap is 500, so that 1,200
    // contacts meet it in a second instead of generating 10,000.
    const cap = 500;
    const big = await startHubSpotEmulator({
      counts: { contacts: 1_200, companies: 5, deals: 5 },
      rateLimit: { max: 100_000 },
      searchResultCap: cap,
    });
    try {
      const { connector } = connect(big, Date.now);
      const pastCap = await fetch(`${big.url}/crm/v3/objects/contacts/search`, {
        method: 'POST',
        headers: {
          authorization: `Bearer ${big.issueTokens().accessToken}`,
          'content-type': 'application/json',
        },
        body: JSON.stringify({ limit: 100, after: String(cap - 50) }),
      });
      expect(pastCap.status).toBe(400);

      const { records } = await readAll(connector, {
        objectName: 'contacts',
        fields: [],
        sinceMs: 0,
        pageSize: 200,
      });
      expect(records).toHaveLength(1_200);
      expect(new Set(ids(records)).size).toBe(1_200);
      const times = records.map((record) => Date.parse(record.fields.lastmodifieddate as string));
      expect(times).toEqual([...times].sort((a, b) => a - b));
    } finally {
      await big.close();
    }
  });

  it('finds records by two eq conditions (AND)', async () => {
    const { connector } = connect();
    const everyone = await readAll(connector, {
      objectName: 'contacts',
      fields: ['lifecyclestage', 'country'],
      pageSize: 100,
    });
    const sample = everyone.records.find((record) => record.fields.lifecyclestage && record.fields.country)!;
    const { lifecyclestage, country } = sample.fields;
    const expected = everyone.records.filter(
      (record) => record.fields.lifecyclestage === lifecyclestage && record.fields.country === country,
    );
    const found = await connector.search({
      objectName: 'contacts',
      filters: [
        { fieldName: 'lifecyclestage', value: lifecyclestage as string },
        { fieldName: 'country', value: country as string },
      ],
      fields: ['lifecyclestage', 'country'],
      limit: 500,
    });
    expect(ids(found).sort()).toEqual(ids(expected).sort());
    expect(found.length).toBeLessThan(everyone.records.length);
  });

  it('searches a condition with several values as one IN: records with any of them, within the AND', async () => {
    const { connector } = connect();
    const everyone = await readAll(connector, {
      objectName: 'contacts',
      fields: ['lifecyclestage', 'country'],
      pageSize: 100,
    });
    const stages = ['customer', 'evangelist'];
    const country = everyone.records.find((r) => stages.includes(String(r.fields.lifecyclestage)))?.fields
      .country as string;
    const expected = everyone.records.filter(
      (r) => stages.includes(String(r.fields.lifecyclestage)) && r.fields.country === country,
    );
    expect(expected.length).toBeGreaterThan(0);
    const found = await connector.search({
      objectName: 'contacts',
      filters: [
        { fieldName: 'lifecyclestage', value: stages },
        { fieldName: 'country', value: country },
      ],
      fields: ['lifecyclestage', 'country'],
      limit: 500,
    });
    expect(ids(found).sort()).toEqual(ids(expected).sort());
  });

  it('describes fields with their types, picklists and read-only flags', async () => {
    const { connector } = connect();
    const [contacts, deals] = await connector.listObjectMetadata(['contacts', 'deals']);
    expect(contacts?.name).toBe('contacts');
    expect(contacts?.fields.lifecyclestage).toMatchObject({
      valueType: 'singleSelect',
      displayName: 'Lifecycle Stage',
      readOnly: false,
    });
    expect(contacts?.fields.lifecyclestage?.values).toContainEqual({
      value: 'marketingqualifiedlead',
      displayValue: 'Marketing Qualified Lead',
    });
    expect(contacts?.fields.hs_lead_status?.valueType).toBe('singleSelect');
    expect(contacts?.fields.hs_email_optout?.valueType).toBe('boolean');
    expect(contacts?.fields.annualrevenue?.valueType).toBe('float');
    expect(contacts?.fields.email).toMatchObject({ valueType: 'string', readOnly: false });
    expect(contacts?.fields.hubspotscore?.readOnly).toBe(true);
    expect(contacts?.fields.lastmodifieddate).toMatchObject({ valueType: 'datetime', readOnly: true });
    expect(deals?.fields.dealstage?.values?.map((v) => v.value)).toContain('closedwon');
    expect(deals?.fields.closedate?.valueType).toBe('datetime');
  });
});

describe('HubSpot connector: writes', () => {
  it('creates and updates a record, and answers a refused value per record, naming the property', async () => {
    const { connector } = connect();
    const created = await connector.write({
      objectName: 'contacts',
      fields: { email: 'writer@example.test', annualrevenue: 1200.5, hs_email_optout: true },
    });
    expect(created).toMatchObject({ success: true });
    if (!created.success) return;
    expect(created.record?.fields).toMatchObject({ annualrevenue: 1200.5, hs_email_optout: true });

    const updated = await connector.write({
      objectName: 'contacts',
      recordId: created.recordId,
      fields: { jobtitle: 'Writer' },
    });
    expect(updated).toMatchObject({
      success: true,
      recordId: created.recordId,
      record: { fields: { jobtitle: 'Writer' } },
    });

    const refused = await connector.write({
      objectName: 'contacts',
      recordId: created.recordId,
      fields: { lifecyclestage: 'nonsense' },
    });
    expect(refused).toMatchObject({ success: false, fieldNames: ['lifecyclestage'] });
    const missing = await connector.write({
      objectName: 'contacts',
      recordId: '99999999',
      fields: { jobtitle: 'x' },
    });
    expect(missing.success).toBe(false);
  });

  it('batch-creates, and batch-updates with a partial failure answered per record', async () => {
    const { connector } = connect();
    const created = await connector.batchWrite({
      objectName: 'companies',
      type: 'create',
      records: [{ fields: { name: 'Batch One' } }, { fields: { name: 'Batch Two', numberofemployees: 12 } }],
    });
    expect(created.map((o) => o.success)).toEqual([true, true]);
    const [one, two] = created as { success: true; recordId: string; record?: ProviderRecord }[];
    expect(two?.record?.fields.numberofemployees).toBe(12);

    const updated = await connector.batchWrite({
      objectName: 'companies',
      type: 'update',
      records: [
        { recordId: one!.recordId, fields: { domain: 'one.example' } },
        { recordId: '987654321', fields: { domain: 'nowhere.example' } },
        { recordId: two!.recordId, fields: { domain: 'two.example' } },
      ],
    });
    expect(updated.map((o) => o.success)).toEqual([true, false, true]);
    expect(updated[1]).toMatchObject({ success: false, reason: expect.stringMatching(/could not update/i) });
    expect(updated[2]).toMatchObject({
      recordId: two!.recordId,
      record: { fields: { domain: 'two.example' } },
    });

    const refused = await connector.batchWrite({
      objectName: 'companies',
      type: 'create',
      records: [{ fields: { name: 'Fine' } }, { fields: { industry: 'NOT_AN_INDUSTRY' } }],
    });
    expect(refused).toEqual([
      expect.objectContaining({ success: false, fieldNames: ['industry'] }),
      expect.objectContaining({ success: false, fieldNames: ['industry'] }),
    ]);
  });

  it('deletes by archiving, and a missing record is not an error', async () => {
    const { connector } = connect();
    const created = await connector.write({ objectName: 'deals', fields: { dealname: 'To archive' } });
    if (!created.success) throw new Error('create failed');
    await connector.delete('deals', created.recordId);
    await connector.delete('deals', created.recordId);
    await connector.delete('deals', '123456789');
    const found = await connector.search({
      objectName: 'deals',
      filters: [{ fieldName: 'dealname', value: 'To archive' }],
      limit: 10,
    });
    expect(found).toEqual([]);
  });
  it('gets one record with the asked properties, typed, and nothing for a missing or archived one', async () => {
    const { connector } = connect();
    const created = await connector.write({
      objectName: 'contacts',
      fields: { email: 'fetched@example.test', jobtitle: '', annualrevenue: 42 },
    });
    if (!created.success) throw new Error(created.reason);
    const found = await connector.getRecord('contacts', created.recordId, ['jobtitle', 'annualrevenue']);
    expect(found?.id).toBe(created.recordId);
    expect(found?.fields).toMatchObject({ annualrevenue: 42 });
    expect(found?.fields.jobtitle ?? '').toBe('');
    expect(found?.fields.email).toBeUndefined();
    await connector.delete('contacts', created.recordId);
    expect(await connector.getRecord('contacts', created.recordId, ['jobtitle'])).toBeUndefined();
    expect(await connector.getRecord('contacts', '99999999', ['jobtitle'])).toBeUndefined();
  });
});

describe('HubSpot connector: tokens and failures', () => {
  it('refreshes a token that expires mid-read, ahead of time, and loses nothing', async () => {
    const { connector, tokens } = connect();
    const { records } = await readAll(
      connector,
      { objectName: 'contacts', fields: [], pageSize: 100 },
      (page) => {
        if (page === 1) clock += 11 * 60_000; // past the 10-minute token
      },
    );
    expect(new Set(ids(records)).size).toBe(records.length);
    expect(records.length).toBeGreaterThanOrEqual(contactCount);
    expect(tokens.replaced).toHaveLength(1);
  });

  it("refreshes after HubSpot's 401 when the token expired earlier than the layer knew, and loses nothing", async () => {
    // The HTTP layer's clock stays behind the emulator's: it only learns of the expiry from the 401.
    const layerClock = clock;
    const { connector, tokens } = connect(emulator, () => layerClock);
    const { records } = await readAll(
      connector,
      { objectName: 'contacts', fields: [], pageSize: 100 },
      (page) => {
        if (page === 1) clock += 11 * 60_000;
      },
    );
    expect(new Set(ids(records)).size).toBe(records.length);
    expect(records.length).toBeGreaterThanOrEqual(contactCount);
    expect(tokens.replaced).toHaveLength(1);
    expect(tokens.reports.map((r) => r.status)).toEqual(['working']);
  });

  it('refreshes once for two concurrent readers of one connection (a second refresh would revoke the rotating grant)', async () => {
    const first = connect(emulator, () => clock, 'shared-connection');
    const second = connectorOver(emulator, first.tokens, () => clock, 'shared-connection');
    clock += 11 * 60_000;
    const [a, b] = await Promise.all([
      first.connector.readPage({ objectName: 'contacts', fields: [], pageSize: 10 }),
      second.readPage({ objectName: 'companies', fields: [], pageSize: 10 }),
    ]);
    expect([a.records.length, b.records.length]).toEqual([10, 10]);
    expect(first.tokens.replaced).toHaveLength(1);
    // The grant is still alive: a later read works.
    clock += 11 * 60_000;
    await first.connector.readPage({ objectName: 'deals', fields: [], pageSize: 10 });
    expect(first.tokens.replaced).toHaveLength(2);
  });

  it('gives authInvalid and reports bad_credentials once the grant is revoked', async () => {
    const { connector, tokens, accessToken } = connect();
    await connector.readPage({ objectName: 'contacts', fields: [], pageSize: 5 });
    expect(emulator.revokeGrant(accessToken)).toBe(true);
    const error = await failure(connector.readPage({ objectName: 'contacts', fields: [], pageSize: 5 }));
    expect(error.kind).toBe('authInvalid');
    expect(error.message).toMatch(/Reconnect the hubspot account/);
    expect(tokens.reports.map((r) => r.status)).toEqual(['working', 'bad_credentials']);
    expect(tokens.reports[1]?.error?.kind).toBe('authInvalid');
  });

  it("gives rateLimited with HubSpot's interval as the wait", async () => {
    const { connector } = connect();
    await connector.listObjectMetadata(['contacts']);
    emulator.rateLimit.max = 3;
    emulator.rateLimit.intervalMs = 4_321;
    try {
      let error: ProviderError | undefined;
      for (let i = 0; i < 10 && !error; i++) {
        error = await connector.readPage({ objectName: 'contacts', fields: [], pageSize: 1 }).then(
          () => undefined,
          (e: ProviderError) => e,
        );
      }
      expect(error).toBeInstanceOf(ProviderError);
      expect(error).toMatchObject({ kind: 'rateLimited', details: { status: 429, retryAfterMs: 4_321 } });
    } finally {
      emulator.rateLimit.max = 100_000;
      emulator.rateLimit.intervalMs = 10_000;
    }
  });

  it('gives unavailable for a 500 and malformed for an answer that is not JSON', async () => {
    const { connector } = connect();
    await connector.listObjectMetadata(['contacts']);
    try {
      emulator.faults.errorRate = 1;
      emulator.faults.errorStatus = 500;
      const unavailable = await failure(
        connector.readPage({ objectName: 'contacts', fields: [], pageSize: 5 }),
      );
      expect(unavailable).toMatchObject({ kind: 'unavailable', details: { status: 500 } });
      expect(unavailable.retryable).toBe(true);

      emulator.faults.errorRate = 0;
      emulator.faults.malformedRate = 1;
      const malformed = await failure(
        connector.readPage({ objectName: 'contacts', fields: [], pageSize: 5 }),
      );
      expect(malformed.kind).toBe('malformed');
    } finally {
      emulator.faults.errorRate = 0;
      emulator.faults.malformedRate = 0;
    }
  });

  it('names the offending property of a refused search', async () => {
    const { connector } = connect();
    const error = await failure(
      connector.search({
        objectName: 'contacts',
        filters: [{ fieldName: 'no_such_property', value: 'x' }],
        limit: 5,
      }),
    );
    expect(error).toMatchObject({ kind: 'badRequest', details: { status: 400 } });
    expect(error.message).toMatch(/no_such_property/);
  });
});
