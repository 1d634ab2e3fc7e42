/**
 * Turns provider records into webhook messages shaped as the hosted service's (docs/service-interface.md,
 * "Reads", the webhook message): the installation's envelope, `result[]` entries with `fields` (what the installation
 * reads), `mappedFields` (its field and value mappings, by the same functions search uses) and `raw`, and
 * `resultInfo { type: "inline", numRecords }`.
 *
 * Bodies are assembled as strings so that their size is known exactly while records are added: a message is
 * closed before it would pass `maxBytes`. A single record larger than the limit still goes out, alone.
 */
import { randomUUID } from 'node:crypto';
import type { ProviderRecord } from '../connectors/provider-record.js';
import { type RecordShaping, recordShaper } from '../records/record-shaping.js';
import type { NewDelivery, ReadType } from './operation-store.js';

/** The parts of a message that are the same for every message of an operation. */
export interface MessageEnvelope {
  projectId: string;
  provider: string;
  groupRef: string;
  groupName: string;
  installationId: string;
  installationUpdateTime: string;
  objectName: string;
  consumerRef: string;
  consumerName: string;
  operationId: string;
  readType: ReadType;
  operationTime: string;
}

/** A message id in the Standard Webhooks style: stable for the message's life, retries included. */
export const newMessageId = (): string => `msg_${randomUUID().replaceAll('-', '')}`;

/**
 * Serialises `result[]` entries for one shaping: which fields show and how they map are worked out once,
 * then applied to each record.
 */
export function resultEntries(shaping: RecordShaping): (record: ProviderRecord) => string {
  const shape = recordShaper(shaping);
  return (record) => JSON.stringify(shape(record));
}

/**
 * Packs serialised `result[]` entries (see `resultEntries`) into messages of at most `maxBytes`, in order.
 * Entries are built separately so the caller can spread that work over several turns of the event loop.
 */
export function packMessages(
  envelope: MessageEnvelope,
  entries: readonly string[],
  destinationName: string,
  maxBytes: number,
): NewDelivery[] {
  const head = `${JSON.stringify({ action: 'read', ...envelope }).slice(0, -1)},"result":[`;
  const headBytes = Buffer.byteLength(head);
  // `],"resultInfo":{"type":"inline","numRecords":N}}` with N up to 7 digits.
  const tailBytes = 52;
  const messages: NewDelivery[] = [];
  let start = 0;
  let bytes = headBytes + tailBytes;
  const close = (end: number) => {
    if (end === start) return;
    const body = `${head}${entries.slice(start, end).join(',')}],"resultInfo":{"type":"inline","numRecords":${end - start}}}`;
    messages.push({ id: newMessageId(), destinationName, body, numRecords: end - start });
    start = end;
    bytes = headBytes + tailBytes;
  };
  for (let index = 0; index < entries.length; index++) {
    const entryBytes = Buffer.byteLength(entries[index]!) + 1;
    if (index > start && bytes + entryBytes > maxBytes) close(index);
    bytes += entryBytes;
  }
  close(entries.length);
  return messages;
}

export function buildMessages(
  envelope: MessageEnvelope,
  records: readonly ProviderRecord[],
  shaping: RecordShaping,
  destinationName: string,
  maxBytes: number,
): NewDelivery[] {
  const entries = records.map(resultEntries(shaping));
  return packMessages(envelope, entries, destinationName, maxBytes);
}
