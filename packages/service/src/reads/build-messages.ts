/**
 * Turns provider records into webhook messages shaped as the hosted service's (webhook/webhook.yaml of its
 * public description): the installation's envelope, `result[]` entries with `fields` (what the installation
 * reads), `mappedFields` (its field and value mappings, by the same functions search uses) and `raw`, and
 * `resultInfo { type: "inline", numRecords }`.
 *
 * Bodies are assembled as strings so that their size is known exactly while records are added: a message is
 * closed before it would pass `maxBytes`. A single record larger than the limit still goes out, alone.
 */
import { randomUUID } from 'node:crypto';
import type { ManifestReadObject, ReadObjectConfig } from '@splice/schema';
import { toMappedFields } from '@splice/schema';
import type { ProviderRecord } from '../deps.js';
import { visibleFields } from '../search/search-records.js';
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

export interface RecordShaping {
  objectConfig?: ReadObjectConfig;
  manifestObject?: ManifestReadObject;
}

/** A message id in the Standard Webhooks style: stable for the message's life, retries included. */
export const newMessageId = (): string => `msg_${randomUUID().replaceAll('-', '')}`;

/** One `result[]` entry, serialised. */
export function resultEntry(record: ProviderRecord, shaping: RecordShaping): string {
  return JSON.stringify({
    id: record.id,
    fields: visibleFields(record.fields, shaping.objectConfig),
    mappedFields: toMappedFields(record.fields, shaping),
    raw: record.raw,
  });
}

export function buildMessages(
  envelope: MessageEnvelope,
  records: readonly ProviderRecord[],
  shaping: RecordShaping,
  destinationName: string,
  maxBytes: number,
): NewDelivery[] {
  const head = `${JSON.stringify({ action: 'read', ...envelope }).slice(0, -1)},"result":[`;
  const headBytes = Buffer.byteLength(head);
  // `],"resultInfo":{"type":"inline","numRecords":N}}` with N up to 7 digits.
  const tailBytes = 52;
  const messages: NewDelivery[] = [];
  let entries: string[] = [];
  let bytes = headBytes + tailBytes;
  const close = () => {
    if (entries.length === 0) return;
    const body = `${head}${entries.join(',')}],"resultInfo":{"type":"inline","numRecords":${entries.length}}}`;
    messages.push({ id: newMessageId(), destinationName, body, numRecords: entries.length });
    entries = [];
    bytes = headBytes + tailBytes;
  };
  for (const record of records) {
    const entry = resultEntry(record, shaping);
    const entryBytes = Buffer.byteLength(entry) + 1;
    if (entries.length > 0 && bytes + entryBytes > maxBytes) close();
    entries.push(entry);
    bytes += entryBytes;
  }
  close();
  return messages;
}
