/** The sandbox CRM provider: metadata, deterministic data set, seeding and the search / sample-read API. */
export { UnknownFieldError, UnknownObjectError } from './errors.js';
export type { SandboxCounts, SandboxDataSet, SandboxFieldValue, SandboxRecord } from './generate.js';
export {
  defaultSandboxCounts,
  defaultSandboxSeed,
  generateSandboxData,
  generatorVersion,
} from './generate.js';
export type * from './provider-contract.js';
export { getObjectMetadata, listObjects, sandboxObjects } from './sandbox-crm-metadata.js';
export type { SandboxProvider } from './sandbox-provider.js';
export { createSandboxProvider, maxSearchLimit } from './sandbox-provider.js';
export type { SeedOptions, SeedResult } from './sandbox-tables.js';
export { providerName, seedSandboxData } from './sandbox-tables.js';
