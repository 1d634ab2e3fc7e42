import type { IncomingHttpHeaders, IncomingMessage, ServerResponse } from 'node:http';
import { createServer } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';

export interface RecordedRequest {
  method: string;
  url: string;
  headers: IncomingHttpHeaders;
  body: string;
}

export type FakeHandler = (req: IncomingMessage, res: ServerResponse, recorded: RecordedRequest) => void;

export interface FakeUpstream {
  url: string;
  baseUrl: string;
  searchUrl: string;
  /** Every request received, in order. */
  requests: RecordedRequest[];
  /** Requests whose connection closed before the answer was complete: the client gave up. */
  aborted: RecordedRequest[];
  /** Replaces the behaviour for the next requests. */
  handle(handler: FakeHandler): void;
  close(): Promise<void>;
}

export function json(res: ServerResponse, status: number, body: unknown, type = 'application/json') {
  const text = JSON.stringify(body);
  res.writeHead(status, { 'Content-Type': type, 'Content-Length': Buffer.byteLength(text) });
  res.end(text);
}

/**
 * An upstream the test controls completely (node:http, loopback only): it records what the BFF sends
 * and answers however the test says, including every way of answering badly.
 */
export async function startFakeUpstream(initial?: FakeHandler): Promise<FakeUpstream> {
  let handler: FakeHandler = initial ?? ((_req, res) => json(res, 500, { oops: true }));
  const requests: RecordedRequest[] = [];
  const aborted: RecordedRequest[] = [];
  const sockets = new Set<Socket>();
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const recorded = {
        method: req.method ?? '',
        url: req.url ?? '',
        headers: req.headers,
        body: Buffer.concat(chunks).toString('utf8'),
      };
      requests.push(recorded);
      res.on('close', () => {
        if (!res.writableFinished) aborted.push(recorded);
      });
      handler(req, res, recorded);
    });
  });
  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const url = `http://127.0.0.1:${port}`;
  return {
    url,
    baseUrl: `${url}/v1`,
    searchUrl: `${url}/search/v1`,
    requests,
    aborted,
    handle: (next) => {
      handler = next;
    },
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}

/** A port nothing listens on: connections to it are refused. */
export async function refusedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}
