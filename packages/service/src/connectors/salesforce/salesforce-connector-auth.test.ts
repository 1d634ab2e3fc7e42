/**
 * A Salesforce read across what happens to a connection between its pages, against the emulator through
 * the service's HTTP layer: the access token expires (refreshed, nothing lost), the grant is revoked
 * (`authInvalid` and `bad_credentials`, then the read resumes from its cursor after a reconnect), the org
 * answers 500 for a while, and an answer that is not Salesforce's shape.
 */
import { randomUUID } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { type RunningSalesforceEmulator, startSalesforceEmulator } from '@splice/provider-emulators';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ProviderRecord, ReadPageRequest } from '../connector.js';
import { createProviderHttp } from '../create-provider-http.js';
import { MemoryTokenSource } from '../memory-token-source.js';
import { SalesforceConnector } from './salesforce-connector.js';

const counts = { contacts: 600, companies: 5, deals: 5 };
let clock = Date.UTC(2026, 0, 1);
const now = () => clock;
let emulator: RunningSalesforceEmulator;

beforeAll(async () => {
  emulator = await startSalesforceEmulator({ counts, now, accessTokenTtlSeconds: 600 });
});
afterAll(() => emulator.close());

function connect(): { connector: SalesforceConnector; tokens: MemoryTokenSource } {
  const issued = emulator.issueTokens();
  const tokens = new MemoryTokenSource({
    accessToken: issued.accessToken,
    refreshToken: issued.refreshToken,
    expiresAtMs: issued.issuedAt + issued.expiresIn * 1000,
    instanceUrl: emulator.url,
  });
  const http = createProviderHttp({
    provider: 'salesforce',
    connectionId: randomUUID(),
    tokens,
    oauth: {
      tokenUrl: `${emulator.url}/services/oauth2/token`,
      clientId: emulator.app.clientId,
      clientSecret: emulator.app.clientSecret,
    },
    now,
  });
  return { connector: new SalesforceConnector(http, { now }), tokens };
}

const request: ReadPageRequest = { objectName: 'Contact', fields: ['Email'], pageSize: 200 };

const failureOf = (promise: Promise<unknown>) =>
  promise.then(
    () => undefined,
    (error: unknown) => error,
  );

function expectEveryContactOnce(records: ProviderRecord[]) {
  const ids = records.map((record) => record.id);
  expect(ids).toHaveLength(counts.contacts);
  expect(new Set(ids).size).toBe(counts.contacts);
}

describe('a read across connection trouble', () => {
  it('refreshes a token that expires between pages and loses nothing', async () => {
    const { connector, tokens } = connect();
    const first = await connector.readPage(request);
    clock += 15 * 60_000;
    const second = await connector.readPage({ ...request, cursor: first.nextCursor! });
    const third = await connector.readPage({ ...request, cursor: second.nextCursor! });
    expect(tokens.replaced).toHaveLength(1);
    expect(third.done).toBe(true);
    expectEveryContactOnce([...first.records, ...second.records, ...third.records]);
  });

  it('fails a revoked grant as authInvalid, reports bad_credentials, and resumes from the cursor after a reconnect', async () => {
    const { connector, tokens } = connect();
    const first = await connector.readPage(request);
    emulator.revokeGrant((await tokens.current()).accessToken);
    const failure = await failureOf(connector.readPage({ ...request, cursor: first.nextCursor! }));
    expect(failure).toMatchObject({ kind: 'authInvalid' });
    expect(tokens.reports.map((report) => report.status)).toContain('bad_credentials');

    // The user reconnects: the connection gets a new grant's tokens.
    const again = emulator.issueTokens();
    tokens.set({
      accessToken: again.accessToken,
      refreshToken: again.refreshToken,
      expiresAtMs: again.issuedAt + again.expiresIn * 1000,
      instanceUrl: emulator.url,
    });
    const rest: ProviderRecord[] = [];
    let cursor = first.nextCursor;
    while (cursor) {
      const page = await connector.readPage({ ...request, cursor });
      rest.push(...page.records);
      cursor = page.nextCursor;
    }
    expect(tokens.reports.at(-1)?.status).toBe('working');
    expectEveryContactOnce([...first.records, ...rest]);
  });

  it('fails a 500 as unavailable and reads the same page again from the same cursor afterwards', async () => {
    const { connector } = connect();
    const first = await connector.readPage(request);
    emulator.faults.errorStatus = 500;
    emulator.faults.errorRate = 1;
    try {
      const failure = await failureOf(connector.readPage({ ...request, cursor: first.nextCursor! }));
      expect(failure).toMatchObject({ kind: 'unavailable', retryable: true });
    } finally {
      emulator.faults.errorRate = 0;
    }
    const rest: ProviderRecord[] = [];
    let cursor = first.nextCursor;
    while (cursor) {
      const page = await connector.readPage({ ...request, cursor });
      rest.push(...page.records);
      cursor = page.nextCursor;
    }
    expectEveryContactOnce([...first.records, ...rest]);
  });
});

describe('an answer not in Salesforce shape', () => {
  let server: Server;
  let url: string;

  beforeAll(async () => {
    // A loopback "org": Broken's describe lacks its fields, and a query answers its records as a string.
    const field = (name: string, type: string) => ({
      name,
      label: name,
      type,
      createable: false,
      updateable: false,
      nillable: false,
      defaultedOnCreate: true,
      custom: false,
    });
    server = createServer((req, res) => {
      res.writeHead(200, { 'content-type': 'application/json' });
      const answer = req.url?.includes('/Broken/describe')
        ? { name: 'Broken', label: 'Broken' }
        : req.url?.includes('/describe')
          ? {
              name: 'Contact',
              label: 'Contact',
              fields: [field('Id', 'id'), field('SystemModstamp', 'datetime')],
            }
          : { totalSize: 1, done: true, records: 'none' };
      res.end(JSON.stringify(answer));
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  it('is malformed, naming the answer (a describe, a query)', async () => {
    const connector = new SalesforceConnector(
      createProviderHttp({
        provider: 'salesforce',
        connectionId: randomUUID(),
        tokens: new MemoryTokenSource({ accessToken: 'at', instanceUrl: url }),
        oauth: { tokenUrl: `${url}/services/oauth2/token`, clientId: 'c', clientSecret: 's' },
      }),
    );
    expect(await failureOf(connector.listObjectMetadata(['Broken']))).toMatchObject({
      kind: 'malformed',
      message: expect.stringContaining('describe'),
    });
    expect(
      await failureOf(connector.readPage({ objectName: 'Contact', fields: [], pageSize: 10 })),
    ).toMatchObject({
      kind: 'malformed',
      message: expect.stringContaining('query'),
    });
  });
});
