/**
 * What a destination may be saved with, over HTTP against a service that keeps the default address rule
 * (public addresses only): URLs whose host is a refused address by its text, and headers the service must
 * own. Nothing here is delivered (the read engine is off).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  apiKeyHeaders,
  type Json,
  postJson,
  readJsonResponse,
  startTestService,
  type TestService,
} from './harness.js';

let service: TestService;
beforeAll(async () => {
  service = await startTestService({ allowPrivateDestinations: [] });
});
afterAll(async () => {
  await service.dispose();
});

const destinationsUrl = () => `${service.baseUrl}/projects/demo/destinations`;
const create = (name: string, metadata: Json) =>
  postJson(destinationsUrl(), apiKeyHeaders(service), { name, type: 'webhook', metadata });

describe('destination URLs on a service that allows public addresses only', () => {
  it('refuses a URL whose host is a loopback, link-local, private or unspecified address, naming url', async () => {
    const refused = [
      'http://127.0.0.1:5941/admin',
      'http://127.1.2.3/',
      'http://[::1]:8080/',
      'http://169.254.169.254/latest/meta-data/',
      'http://[fe80::1]/',
      'http://10.0.0.8/hook',
      'http://172.16.4.4/hook',
      'http://192.168.1.1/hook',
      'http://100.64.0.1/hook',
      'http://[fd12:3456::1]/hook',
      'http://0.0.0.0:4010/',
      'http://[::]/',
      'http://[::ffff:127.0.0.1]/',
      'http://[::ffff:a9fe:a9fe]/',
      'http://localhost:4010/',
      'http://api.localhost/',
      // WHATWG URL parsing turns these spellings into 127.0.0.1 before the check.
      'http://2130706433/',
      'http://0x7f.1/',
    ];
    for (const [index, url] of refused.entries()) {
      const res = await create(`refused-${index}`, { url });
      expect({ url, status: res.status }).toEqual({ url, status: 400 });
      expect(res.body.issues.map((issue: Json) => issue.name)).toEqual(['metadata.url']);
      expect(res.body.issues[0].detail).toContain('SPLICE_ALLOW_PRIVATE_DESTINATIONS');
    }
    const listed = await readJsonResponse(
      await fetch(destinationsUrl(), { headers: apiKeyHeaders(service) }),
    );
    expect(listed.body.filter((d: Json) => d.name.startsWith('refused-'))).toEqual([]);
  });

  it('accepts a URL on a public address or a host name (judged when it is resolved for delivery)', async () => {
    for (const [index, url] of ['https://93.184.215.14/hook', 'https://receiver.example/hook'].entries()) {
      expect((await create(`public-${index}`, { url })).status).toBe(201);
    }
  });

  it('refuses an update to a refused address, naming destination.metadata.url', async () => {
    expect((await create('moved', { url: 'https://receiver.example/hook' })).status).toBe(201);
    const res = await readJsonResponse(
      await fetch(`${destinationsUrl()}/moved`, {
        method: 'PATCH',
        headers: apiKeyHeaders(service),
        body: JSON.stringify({
          updateMask: ['metadata.url'],
          destination: { metadata: { url: 'http://169.254.169.254/' } },
        }),
      }),
    );
    expect(res.status).toBe(400);
    expect(res.body.issues.map((issue: Json) => issue.name)).toEqual(['destination.metadata.url']);
  });
});

describe('destination headers', () => {
  it('refuses a header the service sets itself, naming it, and stores nothing', async () => {
    const res = await create('forged', {
      url: 'https://receiver.example/hook',
      headers: { 'Webhook-Signature': 'v1,forged', 'X-Team': 'a' },
    });
    expect(res.status).toBe(400);
    expect(res.body.issues.map((issue: Json) => issue.name)).toEqual(['metadata.headers.Webhook-Signature']);
    const one = await fetch(`${destinationsUrl()}/forged`, { headers: apiKeyHeaders(service) });
    expect(one.status).toBe(404);
  });

  it('refuses a header value with a line break, which would never be sent', async () => {
    const res = await create('broken', {
      url: 'https://receiver.example/hook',
      headers: { 'X-Team': 'a\r\nX-Injected: 1' },
    });
    expect(res.status).toBe(400);
    expect(res.body.issues.map((issue: Json) => issue.name)).toEqual(['metadata.headers.X-Team']);
  });
});
