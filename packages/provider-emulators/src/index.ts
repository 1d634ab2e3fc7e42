/** HTTP emulators of the CRM providers the service connects to, for tests and local runs. */
export type { ActivityOptions, ChangedRecord, ChangeKind } from './activity/activity-generator.js';
export type { Faults } from './faults/faults.js';
export * from './hubspot/index.js';
export type { RateLimit } from './limits/rolling-window.js';
export * from './local/local-providers.js';
export type { Grant, IssuedTokens, OAuthApp } from './oauth/authorization-server.js';
export * from './salesforce/index.js';
