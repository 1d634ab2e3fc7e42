import { problemError } from '@splice/server-kit';
import { Hono } from 'hono';
import { providerHttpFor } from '../connectors/connector-for.js';
import { ProviderError } from '../connectors/provider-error.js';
import { storeTokenSource } from '../connectors/store-connector-source.js';
import type { ServiceDeps } from '../deps.js';
import { bodyLimit } from '../middleware/body-limit/index.js';
import { requireCredentials } from '../middleware/credentials/index.js';
import { providerProblem } from '../provider-calls/provider-problem.js';
import { proxyInstallation } from '../proxy/proxy-installation.js';
import { ProxyPathError } from '../proxy/proxy-target.js';
import { sendThrough } from '../proxy/send-through.js';

/** Where the proxy is mounted on the service's port: `{proxy_url}` (docs/service-interface.md#proxy). */
export const proxyPrefix = '/proxy';

/** Provider batch bodies run to a few MiB at most. */
const proxyBodyLimit = 8 * 1024 * 1024;

/**
 * The proxy: `{proxy_url}/<provider path>` sends the same method, query and body to the provider API of
 * the named installation's connection, with that connection's token, when the installation's config has
 * `proxy.enabled: true`. Only the API key opens it (the browser never holds one).
 */
export function proxyRoutes(deps: ServiceDeps) {
  const auth = requireCredentials(deps.credentials, 'apiKey');
  return new Hono().all('/*', auth, bodyLimit(proxyBodyLimit), async (c) => {
    const { project, installation } = await proxyInstallation(deps.repo, (name) => c.req.header(name));
    if (installation.config.content.proxy?.enabled !== true) {
      throw problemError(
        403,
        'proxyDisabled',
        'This installation does not allow proxying: set config.content.proxy.enabled to true to allow it.',
      );
    }
    const connection = await deps.repo.getConnection(project.id, installation.connectionId);
    const entry = connection && deps.connectors.entry(connection.provider);
    if (!connection || !entry?.support.proxy) {
      throw problemError(422, 'connectionUnusable', 'The installation has no connection the proxy can use.');
    }
    const http = providerHttpFor(entry, {
      id: connection.id,
      tokens: storeTokenSource(deps.repo, deps.oauth.secrets, connection),
    });
    const url = new URL(c.req.url);
    const pathAndQuery = `${url.pathname.slice(proxyPrefix.length)}${url.search}`;
    const method = c.req.method;
    const body =
      method === 'GET' || method === 'HEAD' ? undefined : new Uint8Array(await c.req.arrayBuffer());
    try {
      const result = await sendThrough({
        provider: entry.displayName ?? entry.name,
        access: await http.access(),
        method,
        pathAndQuery,
        headers: c.req.raw.headers,
        body,
        prefix: proxyPrefix,
        timeoutMs: 30_000,
      });
      if (result.kind === 'answer') return result.response;
      if (result.kind === 'offProvider') {
        throw problemError(
          502,
          'upstreamBadAnswer',
          `The provider answered ${result.status} with a redirect off its API; the proxy does not follow it.`,
        );
      }
      throw problemError(502, 'upstreamBadAnswer', result.message);
    } catch (error) {
      if (error instanceof ProxyPathError) throw problemError(400, 'validation', error.message);
      if (error instanceof ProviderError) throw providerProblem(error);
      throw error;
    }
  });
}
