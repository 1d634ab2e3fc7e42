export type { AppType } from './app.js';
export { createServiceApp } from './app.js';
export type { CredentialSource, ProviderApps, ServiceConfig } from './config.js';
export { configFromEnv, defaultManifestPath, devCredentials, providerAppsFromEnv } from './config.js';
export type { ProviderCatalogEntry } from './connectors/catalog.js';
/** The catalog providers (HubSpot, Salesforce) and the store-backed source of their connectors. */
export { providerCatalog } from './connectors/catalog.js';
export type { ConnectorSource } from './connectors/connector-source.js';
export type { FieldFilter, ProviderRecord } from './connectors/provider-record.js';
export type { StoreConnectorSourceOptions } from './connectors/store-connector-source.js';
export { createConnectorSource } from './connectors/store-connector-source.js';
export type { DemoConnectionGrant } from './demo-data.js';
export {
  demoConnectionGrants,
  demoDataSet,
  demoWebhookSecret,
  seedDemoData,
  seedDemoDestinations,
} from './demo-data.js';
export type { ServiceDeps } from './deps.js';
/** The idle keep-alive time a server behind a load balancer needs (the service's, the demo's). */
export { keepIdleSocketsOpen } from './http/idle-sockets.js';
export { loadManifest, ManifestError, parseManifest } from './manifest/load-manifest.js';
export type { OAuthDeps } from './oauth/connect-flow.js';
export { SecretBox } from './oauth/crypto.js';
export type { StoredTokens } from './oauth/sealed-credentials.js';
/** A connection's tokens sealed as the connect flow stores them (for tools that seed connections). */
export { openCredentials, sealCredentials } from './oauth/sealed-credentials.js';
export { createOAuthDeps, loadSecretKey } from './oauth/secret-key.js';
export { openApiDocument } from './openapi/document.js';
export type { DelivererOptions } from './reads/deliverer.js';
export type { AddressKind, LookupCallback, Resolver } from './reads/destination-address.js';
/** Which addresses webhook destinations may reach (README, "Reads and delivery"). */
export { DestinationAddressPolicy } from './reads/destination-address.js';
export type * from './reads/operation-store.js';
export { messagesOf } from './reads/page-messages.js';
export type { ReadWindow } from './reads/read-context.js';
export type { ReadEngineOptions, TriggerInput } from './reads/read-engine.js';
export { ReadEngine } from './reads/read-engine.js';
export type { ReadQueue } from './reads/read-queue.js';
export { SqliteOperationStore } from './reads/sqlite-operation-store.js';
export type { ReadTiming } from './reads/timing.js';
export { defaultReadTiming, readTimingFromEnv } from './reads/timing.js';
export type { RunningInstance } from './serve-from-cli.js';
export { startInstance } from './serve-from-cli.js';
export type { RunningService, StartServiceOptions } from './start-service.js';
export { startService } from './start-service.js';
export type {
  Destination as StoredDestination,
  DestinationMetadata,
  DestinationStore,
  NewDestination,
} from './store/destination-store.js';
export { newSigningSecret, PgDestinationStore, SqliteDestinationStore } from './store/destination-store.js';
export type { Database, Repository } from './store/index.js';
export { openDatabase, SqliteRepository, StoreUnavailableError } from './store/index.js';
export type { CrashLane, CrashVerdict, KillResult, KillTrigger } from './store/kill-loop.js';
/** Test aid (runs from source only): the store's SIGKILL loop, shared with the reliability suite. */
export { checkCrashLane, prepareCrashLane, runWriterUntilKilled } from './store/kill-loop.js';
export type { PgPool, PgPoolOptions } from './store/pg/index.js';
export { databaseUrlFromEnv, migratePostgres, openPgPool, PgRepository } from './store/pg/index.js';
export type { WriteQueueOptions, WriteTiming } from './writes/write-queue.js';
