import { mkdtempSync, rmSync } from 'node:fs';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { configFromEnv } from '../src/config.js';
import type { RunningService } from '../src/start-service.js';
import { startService } from '../src/start-service.js';

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
  let dataDir: string;
  let service: RunningService;
  beforeAll(async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'splice-public-origin-'));
    service = await startService({
      port: 0,
      dataDir,
      contacts: 50,
      runReads: false,
      sandboxActivity: 0,
      publicUrl: 'https://splice.example.com',
    });
  });
  afterAll(async () => {
    await service?.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('builds the provider URL and redirect_uri on the configured origin, whatever Host is sent', async () => {
    const answer = await post(
      `${service.baseUrl}/oauth-connect`,
      'evil.example',
      { 'content-type': 'application/json', 'x-api-key': service.apiKey },
      JSON.stringify({
        projectIdOrName: 'demo',
        provider: 'sandboxcrm',
        groupRef: 'initech',
        consumerRef: 'carol',
      }),
    );
    expect(answer.status).toBe(200);
    const url = new URL(answer.text);
    expect(url.origin).toBe('https://splice.example.com');
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
