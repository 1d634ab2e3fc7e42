// `@splice/bff/dev`: helpers for development and demos only. The dev sign-in lets anyone pick any listed
// group, so a production server uses the root export (`createBff` with its own `resolveSession`).
export type { DevSessionOptions } from './dev-session.js';
export { createDevSession } from './dev-session.js';
export type { StandaloneEnv } from './standalone-app.js';
export { createStandaloneApp } from './standalone-app.js';
