import { request } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Json, TestService } from './harness.js';
import { searchHeaders, searchUrl, startTestService } from './harness.js';

let service: TestService;
beforeAll(async () => {
  service = await startTestService();
});
afterAll(() => service.dispose());

/**
 * Sends `chunks` as a chunked body (no Content-Length), one write each; `abortAfter` destroys the request
 * after that many chunks instead of ending it. Resolves with the status and the parsed JSON answer.
 */
function sendChunked(
  url: string,
  headers: Record<string, string>,
  chunks: string[],
  abortAfter?: number,
): Promise<{ status: number; body: Json }> {
  return new Promise((resolve, reject) => {
    const req = request(url, { method: 'POST', headers }, (res) => {
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => {
        text += chunk;
      });
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body: text ? JSON.parse(text) : null }));
    });
    req.on('error', reject);
    chunks.forEach((chunk, index) => {
      if (abortAfter !== undefined && index === abortAfter) return;
      req.write(chunk);
    });
    if (abortAfter === undefined) req.end();
    else setTimeout(() => req.destroy(), 100);
  });
}

// JSON bodies are read from Node's request stream (`readNodeBody` of @splice/server-kit), not through the WHATWG
// Request the adapter would build: the limits and the answers must be the same as before.
describe('JSON request bodies', () => {
  const search = () => searchUrl(service, 'acme');

  it('answers a JSON body sent in chunks, without a Content-Length', async () => {
    const answer = await sendChunked(search(), searchHeaders(service), [
      '{"objectName":"contacts","fieldFil',
      'ters":[{"fieldName":"email","operator":"eq","value":"nobody@example.com"}]}',
    ]);
    // Read and validated whole: the answer is about the group (acme has no installation here).
    expect(answer.status, JSON.stringify(answer.body)).toBe(404);
    expect(answer.body.detail).toMatch(/installation/i);
  });

  it('answers a JSON body whose second half comes 50 ms later (read as it arrives)', async () => {
    const answer = await new Promise<{ status: number; body: Json }>((resolve, reject) => {
      const req = request(search(), { method: 'POST', headers: searchHeaders(service) }, (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => {
          text += chunk;
        });
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body: JSON.parse(text) }));
      });
      req.on('error', reject);
      req.write('{"objectName":"contacts","fieldFil');
      setTimeout(
        () => req.end('ters":[{"fieldName":"email","operator":"eq","value":"nobody@example.com"}]}'),
        50,
      );
    });
    expect(answer.status, JSON.stringify(answer.body)).toBe(404);
    expect(answer.body.detail).toMatch(/installation/i);
  });

  it('refuses a chunked body past the limit with 413, counting the bytes as they arrive', async () => {
    const big = `{"objectName":"contacts","fieldFilters":[],"padding":"${'x'.repeat(70 * 1024)}"}`;
    const answer = await sendChunked(search(), searchHeaders(service), [
      big.slice(0, 40_000),
      big.slice(40_000),
    ]);
    expect(answer.status).toBe(413);
    expect(answer.body.detail).toBe('The body is larger than the 65,536 bytes this operation accepts.');
  });

  it('keeps serving after a client goes away halfway through a body', async () => {
    await expect(
      sendChunked(search(), searchHeaders(service), ['{"objectName":"con', 'tacts"}'], 1),
    ).rejects.toThrow();
    const next = await sendChunked(search(), searchHeaders(service), [
      '{"objectName":"contacts","fieldFilters":[{"fieldName":"email","operator":"eq","value":"nobody@example.com"}]}',
    ]);
    expect(next.status, JSON.stringify(next.body)).toBe(404);
  });
});

describe('request IDs', () => {
  it('keeps the ID a caller sends (a BFF passes its own on), and makes one when none comes', async () => {
    const kept = await fetch(searchUrl(service, 'acme'), {
      method: 'POST',
      headers: { ...searchHeaders(service), 'x-request-id': 'bff-0123-abcd' },
      body: JSON.stringify({ objectName: 'contacts' }),
    });
    expect(kept.headers.get('x-request-id')).toBe('bff-0123-abcd');
    expect(((await kept.json()) as Json).requestId).toBe('bff-0123-abcd');
    const made = await fetch(`${service.url}/health`);
    expect(made.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
  });
});
