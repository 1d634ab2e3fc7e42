/**
 * Shaping a page of provider records into messages, the costly half of a read (about half of a backfill's
 * CPU time), yielding to the event loop so requests stay answered.
 */
import type { ProviderRecord } from '../connectors/provider-record.js';
import type { RecordShaping } from '../records/record-shaping.js';
import type { MessageEnvelope } from './build-messages.js';
import { packMessages, resultEntries } from './build-messages.js';
import type { NewDelivery } from './operation-store.js';

/**
 * A page's records shaped and packed into messages; `pause` is awaited between chunks of `buildChunk`
 * records.
 */
export async function messagesOf(
  records: readonly ProviderRecord[],
  request: {
    shaping: RecordShaping;
    envelope: MessageEnvelope;
    destinationName: string;
    maxMessageBytes: number;
    /** Records shaped between two pauses. */
    buildChunk: number;
  },
  pause?: () => Promise<void>,
): Promise<NewDelivery[]> {
  const resultEntry = resultEntries(request.shaping);
  const entries: string[] = [];
  for (let index = 0; index < records.length; index++) {
    entries.push(resultEntry(records[index]!));
    if (pause && (index + 1) % request.buildChunk === 0) await pause();
  }
  return packMessages(request.envelope, entries, request.destinationName, request.maxMessageBytes);
}
