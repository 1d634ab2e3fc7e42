/**
 * A real webhook receiver for tests: a node:http server on a loopback port that verifies every message's
 * signature with the `standardwebhooks` library (the `webhook-*` headers, and checks the `svix-*` copies
 * match), keeps the messages by id, and can misbehave on request (status codes, resets, silence, slow
 * answers) to exercise the service's retries.
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { Webhook } from 'standardwebhooks';

export type Fault =
  | { kind: 'ok' }
  | { kind: 'status'; status: number; headers?: Record<string, string> }
  /** Destroys the connection without an answer. */
  | { kind: 'reset' }
  /** Never answers (the service's timeout must give up). */
  | { kind: 'silence' }
  /** Answers 200 but trickles the body out over `ms`. */
  | { kind: 'slow'; ms: number };

export interface ReceivedMessage {
  id: string;
  headers: Record<string, string>;
  // biome-ignore lint/suspicious/noExplicitAny: tests assert on the parsed body
  body: any;
  receivedAt: number;
}

export interface WebhookReceiver {
  url: string;
  /** First copy of every message, by message id. */
  messages: Map<string, ReceivedMessage>;
  /** Every accepted delivery in arrival order (duplicates included). */
  arrivals: ReceivedMessage[];
  /** Deliveries whose signature failed verification. */
  badSignatures: number;
  /** The `webhook-id` of every request, faulted ones included. */
  attemptIds: string[];
  duplicates: number;
  requests: number;
  /** Decides each request's fate; default: always ok. */
  fault: (requestIndex: number) => Fault;
  secret: string;
  close(): Promise<void>;
}

export async function startWebhookReceiver(secret: string, port = 0): Promise<WebhookReceiver> {
  const sockets = new Set<Socket>();
  const receiver: WebhookReceiver = {
    url: '',
    messages: new Map(),
    arrivals: [],
    badSignatures: 0,
    attemptIds: [],
    duplicates: 0,
    requests: 0,
    fault: () => ({ kind: 'ok' }),
    secret,
    close: async () => {
      for (const socket of sockets) socket.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };

  async function handle(req: IncomingMessage, res: ServerResponse) {
    const index = receiver.requests++;
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    receiver.attemptIds.push(String(req.headers['webhook-id']));
    const fault = receiver.fault(index);
    if (fault.kind === 'reset') {
      req.socket.destroy();
      return;
    }
    if (fault.kind === 'silence') return;
    if (fault.kind === 'status') {
      res.writeHead(fault.status, { 'content-type': 'text/plain', ...fault.headers });
      res.end('fault');
      return;
    }
    const body = Buffer.concat(chunks).toString('utf8');
    const headers = Object.fromEntries(
      Object.entries(req.headers).map(([name, value]) => [name, String(value)]),
    ) as Record<string, string>;
    let parsed: unknown;
    try {
      parsed = new Webhook(receiver.secret).verify(body, headers);
      for (const part of ['id', 'timestamp', 'signature']) {
        if (headers[`svix-${part}`] !== headers[`webhook-${part}`]) throw new Error(`svix-${part} differs`);
      }
    } catch {
      receiver.badSignatures++;
      res.writeHead(401).end();
      return;
    }
    const message = { id: headers['webhook-id']!, headers, body: parsed, receivedAt: Date.now() };
    // Recorded before answering: a message the receiver stored counts even if its answer never arrives.
    if (receiver.messages.has(message.id)) receiver.duplicates++;
    else receiver.messages.set(message.id, message);
    receiver.arrivals.push(message);
    if (fault.kind === 'slow') {
      res.writeHead(200, { 'content-type': 'text/plain' });
      const steps = 5;
      for (let step = 0; step < steps; step++) {
        await new Promise((resolve) => setTimeout(resolve, fault.ms / steps));
        if (res.destroyed) return;
        res.write('.');
      }
      res.end();
      return;
    }
    res.writeHead(204).end();
  }

  const server = createServer((req, res) => {
    handle(req, res).catch(() => res.destroy());
  });
  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  receiver.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/webhooks`;
  return receiver;
}

/** Every record id the receiver got for an object, across messages. */
export function receivedRecordIds(receiver: WebhookReceiver, objectName?: string): Set<string> {
  const ids = new Set<string>();
  for (const message of receiver.messages.values()) {
    if (objectName && message.body.objectName !== objectName) continue;
    for (const entry of message.body.result) ids.add(entry.id);
  }
  return ids;
}

export async function waitFor<T>(
  check: () => T | undefined | false | Promise<T | undefined | false>,
  timeoutMs: number,
  what: string,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}
