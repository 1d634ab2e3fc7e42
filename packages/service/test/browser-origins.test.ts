/**
 * The browser origins a service's projects allow (`browserOrigins`): CORS on the API for them alone, with
 * preflights answering exactly the methods a path serves, and the OAuth callback page telling its opener
 * on them how the flow ended, in the message shape the hosted service's own clients listen for.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { corsRequestHeaders } from '../src/middleware/cors/index.js';
import {
  apiKeyHeaders,
  demoConnectionIds,
  readJsonResponse,
  startTestService,
  type TestService,
} from './harness.js';

const appOrigin = 'http://app.example.test';
let service: TestService;
beforeAll(async () => {
  service = await startTestService({ browserOrigins: [appOrigin] });
});
afterAll(() => service.dispose());

const preflight = (path: string, origin: string, method: string) =>
  fetch(`${service.url}${path}`, {
    method: 'OPTIONS',
    headers: {
      origin,
      'access-control-request-method': method,
      'access-control-request-headers': 'x-api-key, content-type',
    },
  });

describe('CORS for the allowed browser origins', () => {
  it('answers a preflight with exactly the methods the path serves and the headers the operations read', async () => {
    const one = await preflight(
      `/v1/projects/demo/connections/${demoConnectionIds.acme}`,
      appOrigin,
      'DELETE',
    );
    expect(one.status).toBe(204);
    expect(one.headers.get('access-control-allow-origin')).toBe(appOrigin);
    expect(one.headers.get('access-control-allow-methods')).toBe('DELETE, GET, PATCH');
    expect(one.headers.get('access-control-allow-headers')?.split(', ')).toEqual([...corsRequestHeaders]);
    expect(one.headers.get('vary')).toContain('Origin');

    const list = await preflight('/v1/projects/demo/integrations', appOrigin, 'GET');
    expect(list.headers.get('access-control-allow-methods')).toBe('GET');
    const generate = await preflight('/v1/projects/demo/connections:generate', appOrigin, 'POST');
    expect(generate.headers.get('access-control-allow-methods')).toBe('POST');
    const installation = await preflight(
      '/v1/projects/demo/integrations/hubspot-sync/installations/some-id',
      appOrigin,
      'PATCH',
    );
    expect(installation.headers.get('access-control-allow-methods')).toBe('DELETE, GET, PATCH');
  });

  it('answers a preflight to a path that serves nothing with a 404', async () => {
    const nothing = await preflight('/v1/nothing/here', appOrigin, 'GET');
    expect(nothing.status).toBe(404);
    expect(nothing.headers.get('access-control-allow-methods')).toBeNull();
  });

  it('refuses a preflight from any other origin, and gives its requests no CORS header', async () => {
    const other = await preflight('/v1/projects/demo', 'http://evil.example.test', 'GET');
    expect(other.status).toBe(403);
    expect(other.headers.get('access-control-allow-origin')).toBeNull();
    const get = await fetch(`${service.baseUrl}/projects/demo`, {
      headers: { ...apiKeyHeaders(service), origin: 'http://evil.example.test' },
    });
    expect(get.status).toBe(200);
    expect(get.headers.get('access-control-allow-origin')).toBeNull();
  });

  it('lets an allowed origin read the answer and its ETag; the key is still required', async () => {
    const allowed = await fetch(`${service.baseUrl}/projects/demo`, {
      headers: { ...apiKeyHeaders(service), origin: appOrigin },
    });
    expect(allowed.headers.get('access-control-allow-origin')).toBe(appOrigin);
    expect(allowed.headers.get('access-control-expose-headers')).toContain('ETag');
    const keyless = await fetch(`${service.baseUrl}/projects/demo`, { headers: { origin: appOrigin } });
    expect(keyless.status).toBe(401);
  });
});

const htmlText = (value: string) =>
  value
    .replaceAll('&quot;', '"')
    .replaceAll('&#39;', "'")
    .replaceAll('&lt;', '<')
    .replaceAll('&gt;', '>')
    .replaceAll('&amp;', '&');

/** The emulator's consent page answered as a browser would; where the provider sends the browser next. */
async function consent(url: string, decision: 'allow' | 'deny'): Promise<string> {
  const html = await (await fetch(url)).text();
  const action = /<form method="post" action="([^"]+)">/.exec(html)?.[1] as string;
  const fields = new URLSearchParams();
  for (const [, name, value] of html.matchAll(/<input type="hidden" name="([^"]+)" value="([^"]*)">/g)) {
    fields.set(htmlText(name as string), htmlText(value as string));
  }
  fields.set('decision', decision);
  const answer = await fetch(new URL(htmlText(action), url), {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: fields.toString(),
    redirect: 'manual',
  });
  return answer.headers.get('location') as string;
}

async function connectFlowPage(decision: 'allow' | 'deny') {
  const start = await fetch(`${service.baseUrl}/oauth-connect`, {
    method: 'POST',
    headers: apiKeyHeaders(service),
    body: JSON.stringify({
      projectIdOrName: 'demo',
      provider: 'hubspot',
      groupRef: 'initech',
      consumerRef: 'dana',
    }),
  });
  expect(start.status).toBe(200);
  const page = await fetch(await consent(await start.text(), decision));
  return {
    status: page.status,
    csp: page.headers.get('content-security-policy') ?? '',
    html: await page.text(),
  };
}

/** The message the page's script posts, and the origins it posts it to. */
function postedMessage(html: string) {
  const script = /<script nonce="([^"]+)">([\s\S]*?)<\/script>/.exec(html);
  expect(script).not.toBeNull();
  const message = JSON.parse(/var message = (.*);/.exec(script?.[2] ?? '')?.[1] ?? 'null');
  const origins = JSON.parse(/\n {2}(\[.*\])\.forEach/.exec(script?.[2] ?? '')?.[1] ?? 'null');
  return { nonce: script?.[1], message, origins };
}

describe('the OAuth callback page tells its opener', () => {
  it('the new connection, on the allowed origins only, in a script its CSP allows by nonce', async () => {
    const page = await connectFlowPage('allow');
    expect(page.status).toBe(200);
    const { nonce, message, origins } = postedMessage(page.html);
    const connections = (
      await readJsonResponse(
        await fetch(`${service.baseUrl}/projects/demo/connections?groupRef=initech`, {
          headers: apiKeyHeaders(service),
        }),
      )
    ).body;
    expect(connections).toHaveLength(1);
    expect(message).toEqual({
      eventType: 'AUTHORIZATION_SUCCEEDED',
      data: { connection: connections[0].id },
    });
    expect(origins).toEqual([appOrigin]);
    expect(page.csp).toContain(`script-src 'nonce-${nonce}'`);
    expect(page.html).not.toMatch(/accessToken|refreshToken|access_token/);
  });

  it('why the flow failed, when the user denied access', async () => {
    const page = await connectFlowPage('deny');
    expect(page.status).toBe(400);
    const { message } = postedMessage(page.html);
    expect(message.eventType).toBe('AUTHORIZATION_FAILED');
    expect(message.data.error).toMatch(/denied/);
  });
});
