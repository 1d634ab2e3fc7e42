import { connect } from 'node:net';
import { expect, test } from '@playwright/test';
import { servers } from '../support/servers.js';

/**
 * Playwright's request API (and a load balancer) keeps idle keep-alive sockets and sends on them later
 * without reading the server's Keep-Alive hint. With Node's default 5 s idle timeout the demo's server
 * closed such a socket just as a spec sent on it ("socket hang up" in manage-an-installation, CI of Nov
 * 24). The demo's server now keeps an idle socket for 65 s: a second request 6 s after the first, on the
 * same socket, is answered.
 */
test('a request on a keep-alive socket idle for 6 s is answered', async () => {
  test.setTimeout(30_000);
  const { port } = servers.shared;
  const socket = connect(port, '127.0.0.1');
  const answers: string[] = [];
  let closed = false;
  socket.setEncoding('utf8');
  socket.on('data', (chunk: string) => answers.push(chunk));
  socket.on('close', () => {
    closed = true;
  });
  const request = `GET /demo/session HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nConnection: keep-alive\r\n\r\n`;
  try {
    await new Promise<void>((resolve, reject) => socket.once('connect', resolve).once('error', reject));
    socket.write(request);
    await expect.poll(() => answers.join('')).toMatch(/^HTTP\/1\.1 \d{3} /);
    await new Promise((resolve) => setTimeout(resolve, 6_000));
    expect(closed, 'the server closed the idle socket').toBe(false);
    answers.length = 0;
    socket.write(request);
    await expect.poll(() => answers.join('')).toMatch(/^HTTP\/1\.1 \d{3} /);
  } finally {
    socket.destroy();
  }
});
