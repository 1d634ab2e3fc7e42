import { request } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { configFromEnv } from '../src/config.js';
import { startTestService, type TestService } from './harness.js';

/** One HTTP request with the Host header a client chooses (fetch would set its own). */
function post(url: string, host: string, headers: Record<string, string>, body: string) {
  return new Promise<{ status: number; text: string }>((resolve, reject) => {
    const req = request(url, { method: 'POST', headers: { ...headers, host } }, (res) => {
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => {
        text += chunk;
      });
      res.on('end', () => resolve({ status: res.statusCode ?? 0, text }));
    });
    req.on('error', reject);
    req.end(body);
  });
}

describe('the public origin of the OAuth pages', () => {
  let service: TestService;
  beforeAll(async () => {
    service = await startTestService({ publicUrl: 'https://splice.example.com' });
  });
  afterAll(async () => {
    await service?.dispose();
  });

  it("builds the redirect_uri on the configured origin, whatever Host is sent; the consent page is the provider's", async () => {
    const answer = await post(
      `${service.baseUrl}/oauth-connect`,
      'evil.example',
      { 'content-type': 'application/json', 'x-api-key': service.apiKey },
      JSON.stringify({
        projectIdOrName: 'demo',
        provider: 'hubspot',
        groupRef: 'initech',
        consumerRef: 'carol',
      }),
    );
    expect(answer.status).toBe(200);
    const url = new URL(answer.text);
    expect(url.origin).toBe(new URL(service.providers.hubspot.url).origin);
    expect(url.searchParams.get('redirect_uri')).toBe('https://splice.example.com/callbacks/v1/oauth');
    expect(service.publicUrl).toBe('https://splice.example.com');
  });

  it('reads SPLICE_PUBLIC_URL as an origin, and refuses a value that is not one', () => {
    expect(configFromEnv({ SPLICE_PUBLIC_URL: 'https://splice.example.com/' }).publicUrl).toBe(
      'https://splice.example.com',
    );
    expect(configFromEnv({}).publicUrl).toBeUndefined();
    for (const value of ['splice.example.com', 'ftp://splice.example.com', 'https://splice.example.com/v1']) {
      expect(() => configFromEnv({ SPLICE_PUBLIC_URL: value })).toThrow(/SPLICE_PUBLIC_URL/);
    }
  });
});
