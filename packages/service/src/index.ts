export { createServiceApp } from './app.js';
export type { ServiceConfig } from './config.js';
export { configFromEnv, defaultManifestPath, devCredentials } from './config.js';
export { demoDataSet, seedDemoData } from './demo-data.js';
export type { Provider, ProviderRecord, ServiceDeps } from './deps.js';
export { loadManifest, ManifestError, parseManifest } from './manifest/load-manifest.js';
export { openApiDocument } from './openapi/document.js';
export type { RunningService, StartServiceOptions } from './start-service.js';
export { startService } from './start-service.js';
