/**
 * A stand-in in front of an emulated provider, for the proxy's tests: it records every request it gets and
 * passes it on to the emulator, except on a few paths of its own that answer what a misbehaving or slow
 * provider would (a redirect, a 503, an answer streamed in two parts).
 */
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { request } from 'undici';

export interface FrontRequest {
  method: string;
  url: string;
  headers: IncomingHttpHeaders;
  body: string;
}

export interface ProviderFront {
  url: string;
  seen: FrontRequest[];
  /** Ends the answer that `/front/stream` holds open after its first part. */
  finishStream(): void;
  close(): Promise<void>;
}

/** `redirectTo` answers `/front/redirect` with a 302 there; `/front/503` always answers 503. */
export async function startProviderFront(
  upstream: string,
  options: { redirectTo: () => string },
): Promise<ProviderFront> {
  const seen: FrontRequest[] = [];
  let finish: (() => void) | undefined;
  const finished = new Promise<void>((resolve) => {
    finish = resolve;
  });
  const server: Server = createServer(async (req, res) => {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const body = Buffer.concat(chunks).toString();
    seen.push({ method: req.method ?? '', url: req.url ?? '', headers: req.headers, body });
    const path = (req.url ?? '').split('?')[0];
    if (path === '/front/redirect') {
      res.writeHead(302, { location: options.redirectTo() }).end();
      return;
    }
    if (path === '/front/503') {
      res.writeHead(503, { 'content-type': 'application/json' }).end('{"message":"busy"}');
      return;
    }
    if (path === '/front/stream') {
      res.writeHead(200, { 'content-type': 'text/plain', 'set-cookie': 'provider=1' });
      res.write('first part;');
      await finished;
      res.end('second part');
      return;
    }
    const { host: _host, connection: _connection, ...headers } = req.headers;
    const answer = await request(`${upstream}${req.url}`, {
      method: req.method as 'GET',
      headers,
      body: body === '' ? null : body,
    });
    res.writeHead(answer.statusCode, answer.headers as Record<string, string>);
    for await (const chunk of answer.body) res.write(chunk);
    res.end();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    seen,
    finishStream: () => finish?.(),
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
