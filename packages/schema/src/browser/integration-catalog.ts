import * as z from 'zod/mini';
import { integrationDetailsSchema } from './integration-details.js';

/**
 * Where the group stands with an integration's provider:
 * - `none`: no connection yet (connect first);
 * - `connected`: a connection the provider accepts;
 * - `needs_reconnect`: the provider stopped accepting the connection (reconnect).
 */
export const catalogConnectionStateSchema = z.enum(['none', 'connected', 'needs_reconnect']);
export type CatalogConnectionState = z.infer<typeof catalogConnectionStateSchema>;

/**
 * Where the group's installation of an integration stands:
 * - `not_installed`: the group has none;
 * - `installed`: it reads as its settings say;
 * - `paused`: every object it reads is paused or turned off, so nothing is read;
 * - `unhealthy`: the service reports it unhealthy (its reads or deliveries fail).
 */
export const catalogInstallationStateSchema = z.enum(['not_installed', 'installed', 'paused', 'unhealthy']);
export type CatalogInstallationState = z.infer<typeof catalogInstallationStateSchema>;

/** One integration of the project, as the session's group stands with it. */
export const catalogEntrySchema = z.strictObject({
  ...integrationDetailsSchema.shape.integration.shape,
  connection: catalogConnectionStateSchema,
  installation: catalogInstallationStateSchema,
});
export type CatalogEntry = z.infer<typeof catalogEntrySchema>;

/** The BFF's answer to `GET /integrations`: every integration of the project, by name. */
export const integrationCatalogSchema = z.strictObject({ integrations: z.array(catalogEntrySchema) });
export type IntegrationCatalog = z.infer<typeof integrationCatalogSchema>;
