import type { Integration } from '@splice/schema';
import { Hono } from 'hono';
import { catalogEntry } from '../catalog/catalog-entry.js';
import type { BffEnv } from '../env.js';
import { noQuery } from '../middleware/no-query/index.js';
import { classifierFor } from '../upstream/browser-problem.js';
import { mapLimited } from '../upstream/map-limited.js';
import type { RouteDeps } from './deps.js';
import { callContext, retold } from './deps.js';

const classify = classifierFor({});

/** Upstream calls in flight at once for one catalog: a project of many integrations must not take the cap. */
const catalogConcurrency = 4;

/**
 * `GET /integrations`: every integration of the project, each with where the session's group stands
 * (connection and installation), so a page can offer the next step for each. Nothing about another
 * group is asked for: every group-scoped call names the session's group.
 */
export const catalogRoutes = (deps: RouteDeps) =>
  new Hono<BffEnv>().get('/', noQuery(), async (c) => {
    const { groupRef } = c.var.session;
    const ctx = callContext(c);
    const [integrations, connections] = await Promise.all([
      retold(c, deps, classify, deps.service.listIntegrations(ctx)),
      retold(c, deps, classify, deps.service.listConnections(ctx, groupRef)),
    ]);
    const providers = [...new Set(integrations.map((i) => i.provider))];
    const providerNames = new Map(
      await mapLimited(providers, catalogConcurrency, async (provider) => {
        // Words only: a provider the service cannot name is shown by its id, never a failed catalog.
        const name = await deps.service.getProviderDisplayName(ctx, provider).catch(() => provider);
        return [provider, name] as const;
      }),
    );
    const entries = await mapLimited(integrations, catalogConcurrency, async (integration: Integration) => {
      const installations = await retold(
        c,
        deps,
        classify,
        deps.service.listInstallations(ctx, integration.id, groupRef),
      );
      const installation = installations.find((i) => i.integrationId === integration.id) ?? null;
      const readStatus =
        installation && deps.config.embeddedExtensions
          ? (
              await retold(
                c,
                deps,
                classify,
                deps.service.getReadStatus(ctx, integration.id, installation.id),
              )
            ).objects
          : null;
      return catalogEntry({
        integration,
        providerDisplayName: providerNames.get(integration.provider) ?? integration.provider,
        installation,
        connections,
        readStatus,
      });
    });
    return c.json({ integrations: entries }, 200);
  });
