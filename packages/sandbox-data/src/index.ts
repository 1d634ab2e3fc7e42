/**
 * The sandbox CRM's deterministic data set (companies, contacts, deals) and the seeded generator it is drawn
 * from. The embedded service seeds its sandbox from it and the provider emulators serve the same records
 * through each provider's API, so both show the same people for the same seed and counts.
 */
export { countries } from './countries.js';
export type { SandboxCounts, SandboxDataSet, SandboxFieldValue, SandboxRecord } from './generate.js';
export {
  defaultSandboxCounts,
  defaultSandboxSeed,
  generateSandboxData,
  generatorVersion,
} from './generate.js';
export { toIsoString } from './iso-time.js';
export type { Random } from './prng.js';
/** The repository's one seeded generator: the data set's and the reliability suite's cases. */
export { intBetween, mulberry32, pick } from './prng.js';
