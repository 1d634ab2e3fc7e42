/**
 * The sandbox's deterministic data set and its seeded generator, without the rest of the service (no store,
 * no server): the provider emulators serve these same records through a provider's API.
 */
export type { SandboxCounts, SandboxDataSet, SandboxFieldValue, SandboxRecord } from './provider/generate.js';
export { defaultSandboxCounts, defaultSandboxSeed, generateSandboxData } from './provider/generate.js';
export type { Random } from './provider/prng.js';
export { mulberry32 } from './provider/prng.js';
