export type { HubSpotEmulatorOptions, RunningHubSpotEmulator } from './start.js';
export { defaultApp, startHubSpotEmulator } from './start.js';
