/**
 * What reading an operation needs to know of its installation (./operation-context.ts looks it up once per
 * operation); ./connector-reads.ts reads with it.
 */
import type { FieldFilter } from '../connectors/provider-record.js';
import type { RecordShaping } from '../records/record-shaping.js';
import type { Installation } from '../store/index.js';
import type { MessageEnvelope } from './build-messages.js';
import type { EffectiveReadObject } from './read-plan.js';

/** The records a read asks for: modified within a time window and meeting every condition. */
export interface ReadWindow {
  /** Exclusive lower bound on the last-modified time, epoch ms; undefined reads all history. */
  sinceMs?: number;
  /** Inclusive upper bound on the last-modified time, epoch ms. */
  untilMs: number;
  conditions: readonly FieldFilter[];
}

export interface ReadContextBase {
  installation: Installation;
  object: EffectiveReadObject;
  envelope: MessageEnvelope;
  shaping: RecordShaping;
  window: ReadWindow;
  destinationName: string;
}
