export type { AppType } from './create-app.js';
export type { BffApp } from './create-bff.js';
export { createBff } from './create-bff.js';
export type { DevSessionOptions } from './dev-session.js';
export { createDevSession } from './dev-session.js';
export type { BffEnv } from './env.js';
export type { BffLogger, LogEntry, LogLevel } from './log/log-entry.js';
export { consoleLogger } from './log/log-entry.js';
export type { ClaimResult, IdempotencyStore, StoredResponse } from './middleware/idempotency/store.js';
export { MemoryIdempotencyStore } from './middleware/idempotency/store.js';
export type { RateLimitStore } from './middleware/rate-limit/store.js';
export { MemoryRateLimitStore } from './middleware/rate-limit/store.js';
export type { ResolveSession } from './middleware/session/index.js';
export type { BffLimits, BffOptions, BffRetry, BffTimeouts } from './options.js';
export { problemTypes } from './problem/problem-types.js';
export type { CreateInstallationBody } from './schemas/requests.js';
export {
  browserConfigSchema,
  createInstallationBodySchema,
  createInstallationQuerySchema,
  idempotencyHeaderSchema,
  inviteBodySchema,
  searchBodySchema,
} from './schemas/requests.js';
export type { BffSearchResponse, BffSearchResultItem } from './schemas/search-response.js';
export { bffSearchResponseSchema, bffSearchResultItemSchema } from './schemas/search-response.js';
export type { Session } from './schemas/session.js';
export { sessionSchema } from './schemas/session.js';
export type { MappingInput, Wizard, WizardReadObject, WizardWriteObject } from './schemas/wizard.js';
export {
  mappingInputSchema,
  wizardReadObjectSchema,
  wizardSchema,
  wizardWriteObjectSchema,
} from './schemas/wizard.js';
export type { StandaloneEnv } from './standalone-app.js';
export { createStandaloneApp } from './standalone-app.js';
