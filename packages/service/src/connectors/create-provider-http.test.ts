import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { inspect } from 'node:util';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createProviderHttp, type ProviderHttpOptions } from './create-provider-http.js';
import { MemoryTokenSource } from './memory-token-source.js';
import { ProviderError } from './provider-error.js';
import type { ConnectionTokens } from './provider-http.js';

/**
 * A provider on a loopback port: a token endpoint that rotates refresh tokens (a retired one is refused
 * with `invalid_grant`), and an API whose answer each test sets. It records what reached it.
 */
interface Seen {
  method: string;
  path: string;
  authorization?: string;
  queryOptions?: string;
  body: string;
}

const client = { clientId: 'app-client', clientSecret: 'app-secret-value' };
let server: Server;
let baseUrl: string;
let seen: Seen[];
let refreshForms: URLSearchParams[];
let validAccessTokens: Set<string>;
let currentRefreshToken: string;
let issued: number;
let api: (req: IncomingMessage, res: ServerResponse, body: string) => void;
let tokenEndpoint: ((res: ServerResponse, form: URLSearchParams) => boolean) | undefined;

function json(res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}) {
  res.writeHead(status, { 'content-type': 'application/json', ...headers });
  res.end(JSON.stringify(body));
}

beforeAll(async () => {
  server = createServer((req, res) => {
    let body = '';
    req.on('data', (chunk) => {
      body += chunk;
    });
    req.on('end', () => {
      const path = req.url ?? '/';
      seen.push({
        method: req.method ?? '',
        path,
        body,
        ...(req.headers.authorization && { authorization: req.headers.authorization }),
        ...(typeof req.headers['sforce-query-options'] === 'string' && {
          queryOptions: req.headers['sforce-query-options'],
        }),
      });
      if (path === '/oauth/token') {
        const form = new URLSearchParams(body);
        refreshForms.push(form);
        if (tokenEndpoint?.(res, form)) return;
        if (form.get('client_secret') !== client.clientSecret)
          return json(res, 401, { error: 'invalid_client' });
        if (form.get('refresh_token') !== currentRefreshToken) {
          return json(res, 400, {
            error: 'invalid_grant',
            error_description: 'refresh token was already used',
          });
        }
        issued += 1;
        currentRefreshToken = `rt-${issued}-rotated`;
        const accessToken = `at-${issued}-fresh`;
        validAccessTokens.add(accessToken);
        return json(res, 200, {
          access_token: accessToken,
          refresh_token: currentRefreshToken,
          expires_in: 1800,
        });
      }
      const bearer = req.headers.authorization?.replace(/^Bearer /, '') ?? '';
      if (!validAccessTokens.has(bearer)) return json(res, 401, { message: 'expired' });
      api(req, res, body);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

let connection = 0;
beforeEach(() => {
  seen = [];
  refreshForms = [];
  issued = 0;
  currentRefreshToken = 'rt-0-initial';
  validAccessTokens = new Set(['at-0-initial']);
  tokenEndpoint = undefined;
  api = (req, res, body) => json(res, 200, { ok: true, method: req.method, url: req.url, body });
  connection += 1;
});

const now = Date.now();
const initial = (expiresInMs = 30 * 60_000): ConnectionTokens => ({
  accessToken: 'at-0-initial',
  refreshToken: 'rt-0-initial',
  expiresAtMs: now + expiresInMs,
});

function http(source: MemoryTokenSource, extra: Partial<ProviderHttpOptions> = {}) {
  return createProviderHttp({
    provider: 'testcrm',
    connectionId: `connection-${connection}`,
    tokens: source,
    oauth: { tokenUrl: `${baseUrl}/oauth/token`, ...client },
    baseUrl,
    now: () => now,
    ...extra,
  });
}

async function failure(promise: Promise<unknown>): Promise<ProviderError> {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(ProviderError);
  return error as ProviderError;
}

describe('createProviderHttp', () => {
  it('sends the bearer token, the query (lists repeated) and a JSON body, and answers the parsed JSON', async () => {
    const answer = await http(new MemoryTokenSource(initial())).send({
      method: 'POST',
      path: '/crm/things',
      query: { limit: 5, properties: ['a', 'b'], skipped: undefined },
      headers: { 'Sforce-Query-Options': 'batchSize=200', Authorization: 'Bearer not-this-one' },
      body: { name: 'x' },
    });
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({
      ok: true,
      method: 'POST',
      url: '/crm/things?limit=5&properties=a&properties=b',
      body: '{"name":"x"}',
    });
    expect(seen[0]?.authorization).toBe('Bearer at-0-initial');
    expect(seen[0]?.queryOptions).toBe('batchSize=200');
    expect(refreshForms).toHaveLength(0);
  });

  it('refreshes a token that expires within the margin first, form-encoded with the client credentials, and stores the rotation', async () => {
    const source = new MemoryTokenSource(initial(45_000));
    await http(source).send({ method: 'GET', path: '/x' });
    expect(refreshForms).toHaveLength(1);
    expect(Object.fromEntries(refreshForms[0]!)).toEqual({
      grant_type: 'refresh_token',
      refresh_token: 'rt-0-initial',
      client_id: 'app-client',
      client_secret: 'app-secret-value',
    });
    expect(seen[1]?.authorization).toBe('Bearer at-1-fresh');
    expect(source.replaced).toEqual([
      {
        accessToken: 'at-1-fresh',
        refreshToken: 'rt-1-rotated',
        expiresAtMs: now + 1_800_000,
        obtainedAtMs: now,
      },
    ]);
  });

  it('refreshes a short-lived token within a quarter of its lifetime, not the whole default margin', async () => {
    // A 20-second token obtained 10 seconds ago: inside the default 60-second margin, outside its quarter.
    const source = new MemoryTokenSource({ ...initial(10_000), obtainedAtMs: now - 10_000 });
    await http(source).send({ method: 'GET', path: '/x' });
    expect(refreshForms).toHaveLength(0);
    source.set({ ...initial(4_000), obtainedAtMs: now - 16_000 });
    await http(source).send({ method: 'GET', path: '/x' });
    expect(refreshForms).toHaveLength(1);
  });

  it('refreshes once for concurrent callers of one connection, across ProviderHttp instances', async () => {
    const source = new MemoryTokenSource(initial(-1));
    const a = http(source);
    const b = http(source);
    const answers = await Promise.all([
      a.send({ method: 'GET', path: '/1' }),
      b.send({ method: 'GET', path: '/2' }),
      a.send({ method: 'GET', path: '/3' }),
    ]);
    expect(answers.map((answer) => answer.status)).toEqual([200, 200, 200]);
    expect(refreshForms).toHaveLength(1);
    expect(seen.filter((s) => s.path !== '/oauth/token').map((s) => s.authorization)).toEqual([
      'Bearer at-1-fresh',
      'Bearer at-1-fresh',
      'Bearer at-1-fresh',
    ]);
  });

  it("uses the winner's tokens when the compare-and-set loses, and never sends a retired refresh token", async () => {
    const source = new MemoryTokenSource(initial(-1));
    // Another process refreshes between our read and our store: it rotates the stored tokens first.
    const replace = source.replace.bind(source);
    source.replace = async (previous, next) => {
      source.set({ accessToken: 'at-winner', refreshToken: 'rt-winner', expiresAtMs: now + 1_800_000 });
      validAccessTokens.add('at-winner');
      return replace(previous, next);
    };
    const provider = http(source);
    await provider.send({ method: 'GET', path: '/a' });
    await provider.send({ method: 'GET', path: '/b' });
    expect(seen.filter((s) => s.path !== '/oauth/token').map((s) => s.authorization)).toEqual([
      'Bearer at-winner',
      'Bearer at-winner',
    ]);
    expect(refreshForms.map((form) => form.get('refresh_token'))).toEqual(['rt-0-initial']);
  });

  it('refreshes once and retries once after a 401 on an older token', async () => {
    validAccessTokens.delete('at-0-initial');
    const source = new MemoryTokenSource(initial());
    const answer = await http(source).send({ method: 'GET', path: '/x' });
    expect(answer.status).toBe(200);
    expect(seen.map((s) => s.path)).toEqual(['/x', '/oauth/token', '/x']);
    expect(source.reports.map((r) => r.status)).toEqual(['working']);
  });

  it('reports bad_credentials and throws authInvalid on a 401 right after a refresh', async () => {
    api = (_req, res) => json(res, 401, { message: 'nope' });
    const source = new MemoryTokenSource(initial());
    const error = await failure(http(source).send({ method: 'GET', path: '/x' }));
    expect(error.kind).toBe('authInvalid');
    expect(error.message).toMatch(/Reconnect/);
    // The older token's 401 refreshed once; the fresh token's 401 ended it.
    expect(seen.map((s) => s.path)).toEqual(['/x', '/oauth/token', '/x']);
    expect(source.reports.map((r) => r.status)).toEqual(['bad_credentials']);
  });

  it('reports bad_credentials on invalid_grant, once, and working again after a reconnect', async () => {
    currentRefreshToken = 'rt-elsewhere';
    const source = new MemoryTokenSource(initial(-1));
    const provider = http(source);
    const first = await failure(provider.send({ method: 'GET', path: '/x' }));
    const second = await failure(provider.send({ method: 'GET', path: '/x' }));
    expect([first.kind, second.kind]).toEqual(['authInvalid', 'authInvalid']);
    expect(first.message).toBe(
      'The connection to testcrm is no longer authorized (the access was revoked or expired). Reconnect the testcrm account to resume.',
    );
    expect(source.reports.map((r) => r.status)).toEqual(['bad_credentials']);

    source.set({ accessToken: 'at-0-initial', refreshToken: 'rt-elsewhere', expiresAtMs: now + 1_800_000 });
    await provider.send({ method: 'GET', path: '/x' });
    await provider.send({ method: 'GET', path: '/x' });
    expect(source.reports.map((r) => r.status)).toEqual(['bad_credentials', 'working']);
  });

  it('reports bad_credentials again when the tokens of a reconnect are revoked before any call succeeds', async () => {
    const source = new MemoryTokenSource(initial());
    const provider = http(source);
    const revoke = () => {
      validAccessTokens.clear();
      currentRefreshToken = 'rt-revoked';
    };
    revoke();
    expect((await failure(provider.send({ method: 'GET', path: '/x' }))).kind).toBe('authInvalid');
    expect(source.reports.map((r) => r.status)).toEqual(['bad_credentials']);

    // A reconnect stores new tokens and marks the connection usable again, without this process knowing.
    source.set({
      accessToken: 'at-reconnected',
      refreshToken: 'rt-reconnected',
      expiresAtMs: now + 1_800_000,
    });
    currentRefreshToken = 'rt-reconnected';
    revoke();
    expect((await failure(provider.send({ method: 'GET', path: '/x' }))).kind).toBe('authInvalid');
    expect(source.reports.map((r) => r.status)).toEqual(['bad_credentials', 'bad_credentials']);
    // Still once per outcome: the same revoked tokens are not reported again.
    await failure(provider.send({ method: 'GET', path: '/x' }));
    expect(source.reports.map((r) => r.status)).toEqual(['bad_credentials', 'bad_credentials']);
  });

  it('answers the call when reporting the status fails, and reports it again on the next call', async () => {
    const source = new MemoryTokenSource(initial());
    const report = source.reportStatus.bind(source);
    let failing = true;
    source.reportStatus = async (status, error) => {
      if (failing) throw new Error('store unavailable');
      return report(status, error);
    };
    const provider = http(source);
    expect((await provider.send({ method: 'GET', path: '/x' })).status).toBe(200);
    failing = false;
    await provider.send({ method: 'GET', path: '/x' });
    await provider.send({ method: 'GET', path: '/x' });
    expect(source.reports.map((r) => r.status)).toEqual(['working']);
  });

  it('reports working once for many successful calls', async () => {
    const source = new MemoryTokenSource(initial());
    const provider = http(source);
    for (let i = 0; i < 5; i++) await provider.send({ method: 'GET', path: '/x' });
    expect(source.reports.map((r) => r.status)).toEqual(['working']);
  });

  it('answers a 4xx other than 401 and 429 for the connector to read', async () => {
    api = (_req, res) => json(res, 404, { category: 'OBJECT_NOT_FOUND' });
    const answer = await http(new MemoryTokenSource(initial())).send({ method: 'GET', path: '/x' });
    expect(answer).toMatchObject({ status: 404, body: { category: 'OBJECT_NOT_FOUND' } });
  });

  it("gives rateLimited with Retry-After's wait, or HubSpot's interval header", async () => {
    api = (_req, res) => json(res, 429, { category: 'RATE_LIMITS' }, { 'retry-after': '7' });
    const provider = http(new MemoryTokenSource(initial()));
    const byRetryAfter = await failure(provider.send({ method: 'GET', path: '/x' }));
    expect(byRetryAfter).toMatchObject({
      kind: 'rateLimited',
      details: { status: 429, retryAfterMs: 7_000 },
    });
    expect(byRetryAfter.retryable).toBe(true);

    api = (_req, res) =>
      json(res, 429, { category: 'RATE_LIMITS' }, { 'x-hubspot-ratelimit-interval-milliseconds': '2500' });
    const byInterval = await failure(provider.send({ method: 'GET', path: '/x' }));
    expect(byInterval.details.retryAfterMs).toBe(2_500);
  });

  it('gives unavailable for a 5xx, a timeout and a reset connection', async () => {
    const provider = http(new MemoryTokenSource(initial()), { timeoutMs: 300 });
    api = (_req, res) => json(res, 503, { message: 'down' });
    expect((await failure(provider.send({ method: 'GET', path: '/x' }))).kind).toBe('unavailable');

    api = () => {}; // never answers
    const timeout = await failure(provider.send({ method: 'GET', path: '/slow' }));
    expect(timeout.kind).toBe('unavailable');
    expect(timeout.message).toMatch(/did not answer within 300 ms/);

    api = (req) => req.socket.destroy();
    const reset = await failure(provider.send({ method: 'GET', path: '/reset' }));
    expect(reset.kind).toBe('unavailable');
    expect(reset.message).toMatch(/could not be reached/);
  });

  it("rethrows the caller's own abort rather than blaming the provider", async () => {
    api = () => {};
    const controller = new AbortController();
    const sent = http(new MemoryTokenSource(initial())).send({
      method: 'GET',
      path: '/x',
      signal: controller.signal,
    });
    controller.abort(new Error('caller gave up'));
    await expect(sent).rejects.toThrow('caller gave up');
  });

  it('gives malformed for a body that is not JSON', async () => {
    api = (_req, res) => {
      res.writeHead(200, { 'content-type': 'text/html' });
      res.end('<html>maintenance</html>');
    };
    const error = await failure(http(new MemoryTokenSource(initial())).send({ method: 'GET', path: '/x' }));
    expect(error).toMatchObject({ kind: 'malformed', details: { status: 200 } });
  });

  it('classifies the token endpoint: a refused app is forbidden, a 5xx unavailable', async () => {
    const badApp = http(new MemoryTokenSource(initial(-1)), {
      oauth: { tokenUrl: `${baseUrl}/oauth/token`, clientId: 'app-client', clientSecret: 'wrong-secret' },
    });
    expect((await failure(badApp.send({ method: 'GET', path: '/x' }))).kind).toBe('forbidden');

    tokenEndpoint = (res) => {
      json(res, 502, { message: 'bad gateway' });
      return true;
    };
    const source = new MemoryTokenSource(initial(-1));
    expect((await failure(http(source).send({ method: 'GET', path: '/x' }))).kind).toBe('unavailable');
    expect(source.reports).toEqual([]);
  });

  it('puts no token or client secret in any error, its message, cause or details', async () => {
    const secrets = ['at-0-initial', 'rt-0-initial', 'app-secret-value', 'at-1-fresh', 'rt-1-rotated'];
    const errors: unknown[] = [];
    const collect = async (promise: Promise<unknown>) => errors.push(await promise.catch((e: unknown) => e));
    const provider = () => http(new MemoryTokenSource(initial()), { timeoutMs: 300 });

    api = (req, res) => json(res, 401, { message: `token ${req.headers.authorization} refused` });
    await collect(provider().send({ method: 'GET', path: '/x' }));
    api = (req, res) => json(res, 500, { echo: req.headers.authorization });
    await collect(provider().send({ method: 'GET', path: '/x' }));
    api = (req, res) => json(res, 429, { echo: req.headers.authorization });
    await collect(provider().send({ method: 'GET', path: '/x' }));
    api = (req, res) => {
      res.writeHead(200);
      res.end(`not json ${req.headers.authorization}`);
    };
    await collect(provider().send({ method: 'GET', path: '/x' }));
    api = (req) => req.socket.destroy();
    await collect(provider().send({ method: 'GET', path: '/x' }));
    api = () => {};
    await collect(provider().send({ method: 'GET', path: '/x' }));
    tokenEndpoint = (res, form) => {
      json(res, 400, { error: 'invalid_grant', error_description: `bad ${form.get('refresh_token')}` });
      return true;
    };
    await collect(http(new MemoryTokenSource(initial(-1))).send({ method: 'GET', path: '/x' }));
    tokenEndpoint = (res, form) => {
      json(res, 400, { error: `weird ${form.get('refresh_token')}` });
      return true;
    };
    await collect(http(new MemoryTokenSource(initial(-1))).send({ method: 'GET', path: '/x' }));

    expect(errors).toHaveLength(8);
    for (const error of errors) {
      expect(error).toBeInstanceOf(ProviderError);
      const serialised = [
        inspect(error, { depth: 10, showHidden: true }),
        JSON.stringify(error),
        JSON.stringify({ ...(error as ProviderError).details, message: (error as Error).message }),
        String((error as Error).stack),
      ].join('\n');
      for (const secret of secrets) expect(serialised).not.toContain(secret);
    }
  });
});
