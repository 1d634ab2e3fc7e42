export type { RunningSalesforceEmulator, SalesforceEmulatorOptions } from './start.js';
export { defaultConnectedApp, startSalesforceEmulator } from './start.js';
