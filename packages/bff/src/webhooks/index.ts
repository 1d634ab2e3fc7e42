export type { WebhookMessage, WebhookResultEntry } from '@splice/schema';
export { webhookMessageSchema } from '@splice/schema';
export type { WebhookDelivery, WebhookReceiverOptions } from './create-webhook-receiver.js';
export { createWebhookReceiver } from './create-webhook-receiver.js';
export type { ClaimOutcome, WebhookDedupeStore } from './dedupe-store.js';
export { MemoryWebhookDedupeStore } from './dedupe-store.js';
