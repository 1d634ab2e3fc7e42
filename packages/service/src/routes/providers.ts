import { problemError } from '@splice/server-kit';
import { Hono } from 'hono';
import { providerInfo } from '../connectors/provider-info.js';
import type { ServiceDeps } from '../deps.js';

/**
 * The hosted service's provider catalog (no credentials needed there either): `GET /providers`, every
 * provider by name, and `GET /providers/{provider}`, one, each in the hosted `ProviderInfo` shape (auth
 * type, OAuth URLs, base URL, support), so a client knows how to connect. No app credential is in it.
 */
export function providerRoutes(deps: ServiceDeps) {
  return new Hono()
    .get('/providers', (c) =>
      c.json(
        Object.fromEntries(deps.connectors.entries().map((entry) => [entry.name, providerInfo(entry)])),
        200,
      ),
    )
    .get('/providers/:provider', (c) => {
      const entry = deps.connectors.entry(c.req.param('provider'));
      if (!entry) throw problemError(404, 'notFound', `There is no provider "${c.req.param('provider')}".`);
      return c.json(providerInfo(entry), 200);
    });
}
