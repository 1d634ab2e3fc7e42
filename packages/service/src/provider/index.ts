/**
 * The sandbox CRM provider: metadata, seeding of the deterministic data set (`@splice/sandbox-data`) and the
 * search / sample-read API.
 */
export { UnknownFieldError, UnknownObjectError } from './errors.js';
export type * from './provider-contract.js';
export { getObjectMetadata, listObjects, sandboxObjects } from './sandbox-crm-metadata.js';
export type { SandboxProvider } from './sandbox-provider.js';
export { createSandboxProvider, maxSearchLimit } from './sandbox-provider.js';
export type { SeedOptions, SeedResult } from './sandbox-tables.js';
export { providerName, seedSandboxData } from './sandbox-tables.js';
