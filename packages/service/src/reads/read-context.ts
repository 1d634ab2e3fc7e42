/**
 * What reading an operation needs to know of its installation, whichever way its provider is reached (the
 * in-process sandbox by record id, ./read-worker.ts, or a catalog provider's connector by its cursor,
 * ./connector-reads.ts). Looked up once per operation and kept while it runs.
 */
import type { ReadWindow } from '../provider/provider-contract.js';
import type { RecordShaping } from '../records/record-shaping.js';
import type { Installation } from '../store/index.js';
import type { MessageEnvelope } from './build-messages.js';
import type { EffectiveReadObject } from './read-plan.js';

export interface ReadContextBase {
  installation: Installation;
  object: EffectiveReadObject;
  envelope: MessageEnvelope;
  shaping: RecordShaping;
  window: ReadWindow;
  destinationName: string;
}
