export type { Faults } from './faults.js';
export type { RateLimit } from './rate-limit.js';
export type { HubSpotEmulatorOptions, RunningHubSpotEmulator } from './start.js';
export { defaultApp, startHubSpotEmulator } from './start.js';
