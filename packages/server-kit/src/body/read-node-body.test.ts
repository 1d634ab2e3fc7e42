import type { IncomingMessage } from 'node:http';
import { createServer, request } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { BodyTooLargeError } from './read-bounded-text.js';
import { readNodeBody } from './read-node-body.js';

const servers: Array<{ close(): void }> = [];
afterEach(() => {
  for (const server of servers.splice(0)) server.close();
});

/**
 * Starts a server whose handler reads the body with `readNodeBody` once `whenToRead` says so, and
 * resolves with what it read (or the error) and whether the message was complete at that moment.
 */
async function serve(maxBytes: number, whenToRead: (incoming: IncomingMessage) => Promise<void>) {
  let settle: (outcome: { complete: boolean; text?: string; error?: unknown }) => void = () => {};
  const outcome = new Promise<{ complete: boolean; text?: string; error?: unknown }>((resolve) => {
    settle = resolve;
  });
  const server = createServer(async (incoming, outgoing) => {
    await whenToRead(incoming);
    const complete = incoming.complete;
    try {
      settle({ complete, text: await readNodeBody(incoming, maxBytes) });
    } catch (error) {
      settle({ complete, error });
    }
    outgoing.end();
  });
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { port: (server.address() as AddressInfo).port, outcome };
}

/** A chunked POST (no Content-Length) whose parts are written `gapMs` apart. */
function post(port: number, parts: string[], gapMs: number) {
  const req = request({ port, host: '127.0.0.1', method: 'POST', path: '/' });
  req.on('response', (res) => res.resume());
  void (async () => {
    for (const part of parts) {
      req.write(part);
      await new Promise((resolve) => setTimeout(resolve, gapMs));
    }
    req.end();
  })();
}

const messageComplete = (incoming: IncomingMessage) =>
  new Promise<void>((resolve) => {
    const poll = () => (incoming.complete ? resolve() : setTimeout(poll, 5));
    poll();
  });

describe('readNodeBody', () => {
  it('reads a body the parser already has whole, in one read', async () => {
    const { port, outcome } = await serve(1_000, messageComplete);
    post(port, ['{"a":', '"é"}'], 0);
    expect(await outcome).toEqual({ complete: true, text: '{"a":"é"}' });
  });

  it('reads a body still arriving, part by part', async () => {
    const { port, outcome } = await serve(1_000, async () => {});
    post(port, ['{"a":', '1}'], 50);
    expect(await outcome).toEqual({ complete: false, text: '{"a":1}' });
  });

  it('refuses a body past the limit, whole or still arriving', async () => {
    const whole = await serve(10, messageComplete);
    post(whole.port, ['x'.repeat(6), 'x'.repeat(6)], 0);
    const arriving = await serve(10, async () => {});
    post(arriving.port, ['x'.repeat(6), 'x'.repeat(6)], 50);
    for (const { outcome } of [whole, arriving]) {
      expect((await outcome).error).toBeInstanceOf(BodyTooLargeError);
    }
    expect((await whole.outcome).complete).toBe(true);
    expect((await arriving.outcome).complete).toBe(false);
  });
});
