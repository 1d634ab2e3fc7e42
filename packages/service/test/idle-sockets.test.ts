import { connect } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestService } from './harness.js';
import { startTestService } from './harness.js';

let service: TestService;
beforeAll(async () => {
  service = await startTestService();
});
afterAll(() => service.dispose());

/** Sends `request` on `socket` and resolves with the answer's status line. */
function answerOn(socket: ReturnType<typeof connect>, request: string): Promise<string> {
  return new Promise((resolve, reject) => {
    let received = '';
    const onData = (chunk: string) => {
      received += chunk;
      const line = /^HTTP\/1\.1 \d{3}[^\r]*/.exec(received);
      if (line && received.includes('\r\n\r\n')) {
        socket.off('data', onData);
        socket.off('close', onClose);
        resolve(line[0]);
      }
    };
    const onClose = () => reject(new Error('the server closed the socket'));
    socket.on('data', onData).once('close', onClose);
    socket.write(request);
  });
}

describe('idle keep-alive sockets', () => {
  // Behind a load balancer (several instances) the balancer reuses a socket idle for up to its own
  // timeout, commonly 60 s. With Node's default of 5 s the service closed it first: the second request
  // met a closed socket.
  it('answers a second request on a socket idle for 6 s', { timeout: 20_000 }, async () => {
    const socket = connect(service.port, '127.0.0.1');
    socket.setEncoding('utf8');
    try {
      await new Promise<void>((resolve, reject) => socket.once('connect', resolve).once('error', reject));
      const request = `GET /health HTTP/1.1\r\nHost: 127.0.0.1:${service.port}\r\nConnection: keep-alive\r\n\r\n`;
      expect(await answerOn(socket, request)).toBe('HTTP/1.1 200 OK');
      await new Promise((resolve) => setTimeout(resolve, 6_000));
      expect(await answerOn(socket, request)).toBe('HTTP/1.1 200 OK');
    } finally {
      socket.destroy();
    }
  });
});
