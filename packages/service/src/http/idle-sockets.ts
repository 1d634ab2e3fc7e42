import type { Server } from 'node:http';

/**
 * Keeps idle keep-alive sockets for 65 s instead of Node's 5 s. A client that pools sockets and does not
 * read the `Keep-Alive` hint (a load balancer with the common 60 s idle timeout, Playwright's request
 * API) sends on a socket just as the server closes it, and gets a reset or a 502. The server must be the
 * one to wait longer, so its idle timeout sits above the balancer's; headers may take 1 s more than that.
 */
export function keepIdleSocketsOpen(server: Pick<Server, 'keepAliveTimeout' | 'headersTimeout'>): void {
  server.keepAliveTimeout = 65_000;
  server.headersTimeout = 66_000;
}
