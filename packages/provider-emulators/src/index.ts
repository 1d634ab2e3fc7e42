/** HTTP emulators of the CRM providers the service connects to, for tests and local runs. */
export * from './hubspot/index.js';
