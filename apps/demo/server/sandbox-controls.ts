import type { Session } from '@splice/bff';
import type { Context } from 'hono';
import { Hono } from 'hono';
import { problem } from './problem.js';

export interface SandboxControlsOptions {
  /** The embedded service's `{base_url}` and API key: this server calls it directly, as the BFF does. */
  baseUrl: string;
  apiKey: string;
  project: string;
  /** The app's origin: the only page allowed to use the controls. */
  origin: string;
  resolveSession: (c: Context) => Promise<Session | null>;
}

interface PublicConnection {
  id: string;
  provider: string;
  status: string;
}

/**
 * Demo-only controls over the sandbox provider, for showing what a builder's users meet in real life.
 * `POST /break-connection` has the sandbox provider revoke the signed-in company's CRM tokens (the
 * service's `:sandbox-revoke` extension), so the connection turns `bad_credentials` and "Reconnect"
 * appears. It acts on the session's own group only and answers the connection without credentials.
 */
export function createSandboxControls(options: SandboxControlsOptions) {
  const service = (path: string, init: RequestInit = {}) =>
    fetch(`${options.baseUrl}/projects/${encodeURIComponent(options.project)}${path}`, {
      ...init,
      headers: { 'x-api-key': options.apiKey, accept: 'application/json' },
    });

  return new Hono().post('/break-connection', async (c) => {
    if (c.req.header('Origin') !== options.origin) {
      return problem(c, 403, 'forbiddenOrigin', 'Requests from this origin are not allowed.');
    }
    const session = await options.resolveSession(c);
    if (!session) return problem(c, 401, 'unauthenticated', 'Sign in first.');
    const listed = await service(`/connections?groupRef=${encodeURIComponent(session.groupRef)}`);
    const connections = (await listed.json()) as PublicConnection[];
    const target =
      connections.find((connection) => connection.status !== 'bad_credentials') ?? connections[0];
    if (!target) return problem(c, 409, 'conflict', 'Your company has no CRM connection to break.');
    const revoked = await service(`/connections/${encodeURIComponent(target.id)}:sandbox-revoke`, {
      method: 'POST',
    });
    if (!revoked.ok)
      return problem(c, 502, 'upstreamBadAnswer', 'The sandbox did not revoke the connection.');
    const { id, provider, status } = (await revoked.json()) as PublicConnection;
    return c.json({ connection: { id, provider, status } }, 200);
  });
}
