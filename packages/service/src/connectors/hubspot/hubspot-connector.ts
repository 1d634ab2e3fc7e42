/**
 * The HubSpot connector: CRM v3 objects over one connection's `ProviderHttp`.
 *
 * - Metadata: `GET /crm/v3/properties/{objectType}`, reused per object for `metadataTtlMs` (the read
 *   path types every value by it).
 * - Full reads (no `sinceMs`): the list endpoint, paged by its `after`; records modified after `untilMs`
 *   are left out (the next window reads them).
 * - Incremental reads (`sinceMs` set), "Incremental reads": the search endpoint, `GTE`/`LTE` on the
 *   object's last-modified property, sorted ascending by it. Each page starts from the last page's newest
 *   modification time rather than from a result offset: HubSpot's search serves no result past the
 *   10,000th, and an offset also skips a record whenever an earlier one is modified mid-read and leaves
 *   the window. Records returned at exactly that time are skipped by id, so a tie is neither lost nor
 *   repeated.
 * - Search: one filter group of `EQ` conditions (ANDed), one page of at most 200.
 * - Writes: create and update one record, batch create and update (100 a call, per-record outcomes from a
 *   207), delete as archive (a missing record is fine). A create that may already have reached HubSpot
 *   (`mayHaveBeenWritten`) of contacts that carry an e-mail goes through the batch upsert keyed on it, so
 *   that a contact the cut-off attempt made is updated, not made twice.
 */
import type { FieldMetadata, ObjectMetadata } from '@splice/schema';
import type {
  BatchWriteRequest,
  Connector,
  ProviderRecord,
  ReadPageRequest,
  ReadPageResult,
  SearchRequest,
  WriteOutcome,
  WriteRecordRequest,
} from '../connector.js';
import { valuesOf } from '../connector.js';
import { ProviderError } from '../provider-error.js';
import type { ProviderHttp, ProviderResponse } from '../provider-http.js';
import { hubSpotBatchLimit } from './catalog-entry.js';
import { decodeCursor, encodeCursor } from './hubspot-cursor.js';
import { hubSpotError } from './hubspot-errors.js';
import {
  type HubSpotProperty,
  objectMetadataOf,
  searchValueFits,
  typedValue,
  wireValue,
} from './hubspot-properties.js';

/** HubSpot's page maxima: 100 records a list page, 200 a search page. */
export const hubSpotListLimit = 100;
export const hubSpotSearchLimit = 200;

/** Contacts keep HubSpot's older name for the last-modified property; other objects use `hs_`. */
export const lastModifiedProperty = (objectName: string) =>
  objectName === 'contacts' || objectName === '0-1' ? 'lastmodifieddate' : 'hs_lastmodifieddate';

interface HubSpotRecord {
  id: string;
  properties: Record<string, string | null>;
  [key: string]: unknown;
}

const malformed = (what: string) =>
  new ProviderError('malformed', `HubSpot answered ${what} in a shape the connector cannot read.`, {
    provider: 'hubspot',
  });

function isRecord(value: unknown): value is HubSpotRecord {
  const record = value as HubSpotRecord | null;
  return (
    typeof record === 'object' &&
    record !== null &&
    typeof record.id === 'string' &&
    typeof record.properties === 'object' &&
    record.properties !== null
  );
}

function resultsOf(response: ProviderResponse, what: string): HubSpotRecord[] {
  const results = (response.body as { results?: unknown } | undefined)?.results;
  if (!Array.isArray(results) || !results.every(isRecord)) throw malformed(what);
  return results;
}

/** HubSpot sends instants as ISO 8601, and takes (and sometimes sends) epoch milliseconds. */
function instantMs(value: string | null | undefined): number | undefined {
  if (!value) return undefined;
  const ms = /^\d+$/.test(value) ? Number(value) : Date.parse(value);
  return Number.isNaN(ms) ? undefined : ms;
}

/** HubSpot's properties with unique values that its batch upsert takes as `idProperty`. */
const upsertKeys: Record<string, string> = { contacts: 'email', '0-1': 'email' };

/** The upsert key when every record carries a value of it; undefined otherwise. */
function upsertKeyOf(objectName: string, records: readonly { fields: Record<string, unknown> }[]) {
  const key = Object.hasOwn(upsertKeys, objectName) ? upsertKeys[objectName] : undefined;
  if (key === undefined) return undefined;
  const carried = records.every(({ fields }) => typeof fields[key] === 'string' && fields[key] !== '');
  return carried ? key : undefined;
}

const path = (objectName: string, rest = '') => `/crm/v3/objects/${encodeURIComponent(objectName)}${rest}`;

export interface HubSpotConnectorOptions {
  /** How long an object's properties are reused (default 5 minutes): a property added in HubSpot shows up after it. */
  metadataTtlMs?: number;
  /** Default `Date.now`. */
  now?: () => number;
}

export function createHubSpotConnector(http: ProviderHttp, options: HubSpotConnectorOptions = {}): Connector {
  const metadataTtlMs = options.metadataTtlMs ?? 5 * 60_000;
  const now = options.now ?? Date.now;
  const metadataCache = new Map<string, { atMs: number; metadata: Promise<ObjectMetadata> }>();

  function metadataOf(objectName: string, signal?: AbortSignal): Promise<ObjectMetadata> {
    const entry = metadataCache.get(objectName);
    if (entry && now() - entry.atMs < metadataTtlMs) return entry.metadata;
    const cached = (async () => {
      const response = await http.send({
        method: 'GET',
        path: `/crm/v3/properties/${encodeURIComponent(objectName)}`,
        ...(signal && { signal }),
      });
      if (response.status !== 200) throw hubSpotError(response, `list the properties of ${objectName}`);
      const results = (response.body as { results?: unknown } | undefined)?.results;
      if (!Array.isArray(results)) throw malformed(`the properties of ${objectName}`);
      return objectMetadataOf(objectName, results as HubSpotProperty[]);
    })();
    const fresh = { atMs: now(), metadata: cached };
    metadataCache.set(objectName, fresh);
    // A failure is not remembered: the next call asks again.
    cached.catch(() => {
      if (metadataCache.get(objectName) === fresh) metadataCache.delete(objectName);
    });
    return cached;
  }

  function toRecord(record: HubSpotRecord, fields: Record<string, FieldMetadata>): ProviderRecord {
    const typed: Record<string, unknown> = {};
    for (const [name, value] of Object.entries(record.properties))
      typed[name] = typedValue(fields[name], value);
    return { id: record.id, fields: typed, raw: record };
  }

  /** The properties to ask for: the caller's, and the modification time the read pages by. */
  const propertiesFor = (objectName: string, fields: readonly string[]) => [
    ...new Set([...fields, lastModifiedProperty(objectName)]),
  ];

  async function listPage(request: ReadPageRequest, after: string | undefined): Promise<ReadPageResult> {
    const { objectName } = request;
    const metadata = await metadataOf(objectName, request.signal);
    const response = await http.send({
      method: 'GET',
      path: path(objectName),
      query: {
        limit: Math.min(Math.max(1, request.pageSize), hubSpotListLimit),
        after,
        properties: propertiesFor(objectName, request.fields),
      },
      ...(request.signal && { signal: request.signal }),
    });
    if (response.status !== 200) throw hubSpotError(response, `list ${objectName}`);
    const modified = lastModifiedProperty(objectName);
    const { untilMs } = request;
    const records = resultsOf(response, `a page of ${objectName}`)
      .filter((record) => untilMs === undefined || (instantMs(record.properties[modified]) ?? 0) <= untilMs)
      .map((record) => toRecord(record, metadata.fields));
    const next = (response.body as { paging?: { next?: { after?: unknown } } }).paging?.next?.after;
    // A read's first page: the list answers no total, so one search with no result counts the read.
    const counted = after === undefined ? await countAll(request) : {};
    if (typeof next !== 'string' || next === '') return { records, done: true, ...counted };
    return { records, done: false, nextCursor: encodeCursor({ kind: 'list', after: next }), ...counted };
  }

  /**
   * The records of an all-history read, from a search's `total`; nothing when the search fails, since an
   * estimate is not worth failing a read for (the read's own pages report the provider's trouble).
   */
  async function countAll(request: ReadPageRequest): Promise<{ totalRecords?: number }> {
    const { objectName, untilMs } = request;
    const modified = lastModifiedProperty(objectName);
    const filters =
      untilMs === undefined ? [] : [{ propertyName: modified, operator: 'LTE', value: String(untilMs) }];
    try {
      const response = await http.send({
        method: 'POST',
        path: path(objectName, '/search'),
        body: { filterGroups: filters.length ? [{ filters }] : [], properties: ['hs_object_id'], limit: 1 },
        ...(request.signal && { signal: request.signal }),
      });
      const total = (response.body as { total?: unknown } | undefined)?.total;
      return response.status === 200 && typeof total === 'number' ? { totalRecords: total } : {};
    } catch {
      return {};
    }
  }

  async function searchPage(
    request: ReadPageRequest,
    fromMs: number,
    seenAtFrom: readonly string[],
  ): Promise<ReadPageResult> {
    const { objectName, untilMs } = request;
    const metadata = await metadataOf(objectName, request.signal);
    const modified = lastModifiedProperty(objectName);
    const pageSize = Math.min(Math.max(1, request.pageSize), hubSpotSearchLimit);
    // The records already returned at `fromMs` come back first and are skipped, so ask for them on top
    // of the page (up to HubSpot's page maximum). Once a whole page's worth of them has been returned,
    // step over them by offset instead: they sort by id among themselves, so the first ones at `fromMs`
    // are the ones already returned. (Offsets stop at HubSpot's cap, so a read can step over at most
    // 10,000 records modified in one millisecond.)
    const tieOffset = seenAtFrom.length >= hubSpotSearchLimit ? seenAtFrom.length : 0;
    const limit = tieOffset > 0 ? pageSize : Math.min(hubSpotSearchLimit, seenAtFrom.length + pageSize);
    const filters = [
      { propertyName: modified, operator: 'GTE', value: String(fromMs) },
      ...(untilMs === undefined ? [] : [{ propertyName: modified, operator: 'LTE', value: String(untilMs) }]),
    ];
    const response = await http.send({
      method: 'POST',
      path: path(objectName, '/search'),
      body: {
        filterGroups: [{ filters }],
        sorts: [{ propertyName: modified, direction: 'ASCENDING' }],
        properties: propertiesFor(objectName, request.fields),
        limit,
        ...(tieOffset > 0 && { after: String(tieOffset) }),
      },
      ...(request.signal && { signal: request.signal }),
    });
    if (response.status !== 200) throw hubSpotError(response, `search ${objectName} by modification time`);
    const raw = resultsOf(response, `a search page of ${objectName}`);
    const seen = new Set(seenAtFrom);
    const fresh = raw.filter(
      (record) => !(seen.has(record.id) && instantMs(record.properties[modified]) === fromMs),
    );
    const page = fresh.slice(0, pageSize);
    const total = (response.body as { total?: unknown }).total;
    const windowEnded = raw.length < limit || (typeof total === 'number' && total <= tieOffset + raw.length);
    const records = page.map((record) => toRecord(record, metadata.fields));
    // A read's first page: the search's total is the window's count.
    const counted = request.cursor === undefined && typeof total === 'number' ? { totalRecords: total } : {};
    if (windowEnded && page.length === fresh.length) return { records, done: true, ...counted };

    const last = page.at(-1);
    const lastMs = last ? instantMs(last.properties[modified]) : fromMs;
    if (lastMs === undefined) throw malformed(`a ${objectName} record without ${modified}`);
    const atLast = page
      .filter((record) => instantMs(record.properties[modified]) === lastMs)
      .map((r) => r.id);
    const nextSeen = lastMs === fromMs ? [...seenAtFrom, ...atLast] : atLast;
    return {
      records,
      done: false,
      nextCursor: encodeCursor({ kind: 'search', fromMs: lastMs, seenAtFrom: nextSeen }),
      ...counted,
    };
  }

  async function readPage(request: ReadPageRequest): Promise<ReadPageResult> {
    const cursor = request.cursor === undefined ? undefined : decodeCursor(request.cursor);
    if (cursor?.kind === 'search') return searchPage(request, cursor.fromMs, cursor.seenAtFrom);
    if (cursor?.kind === 'list') return listPage(request, cursor.after);
    // `sinceMs` is exclusive; HubSpot's instants are whole milliseconds.
    if (request.sinceMs !== undefined) return searchPage(request, Math.floor(request.sinceMs) + 1, []);
    return listPage(request, undefined);
  }

  async function search(request: SearchRequest): Promise<ProviderRecord[]> {
    const { objectName } = request;
    const metadata = await metadataOf(objectName, request.signal);
    const typedValues = request.filters.map((filter) =>
      valuesOf(filter).filter((value) => searchValueFits(metadata.fields[filter.fieldName], value)),
    );
    // A condition no value of its type can meet matches no record, so neither do all of them together.
    if (typedValues.some((values) => values.length === 0)) return [];
    const filters = request.filters.map((filter, i) => {
      const values = typedValues[i]!.map(String);
      // Several values the property may equal are one `IN` filter of the group.
      return values.length === 1
        ? { propertyName: filter.fieldName, operator: 'EQ', value: values[0] }
        : { propertyName: filter.fieldName, operator: 'IN', values };
    });
    const response = await http.send({
      method: 'POST',
      path: path(objectName, '/search'),
      body: {
        filterGroups: filters.length > 0 ? [{ filters }] : [],
        ...(request.fields && { properties: [...request.fields] }),
        limit: Math.min(Math.max(1, request.limit), hubSpotSearchLimit),
      },
      ...(request.signal && { signal: request.signal }),
    });
    if (response.status !== 200) throw hubSpotError(response, `search ${objectName}`);
    return resultsOf(response, `a search of ${objectName}`).map((record) =>
      toRecord(record, metadata.fields),
    );
  }

  async function getRecord(
    objectName: string,
    recordId: string,
    fields: readonly string[],
    signal?: AbortSignal,
  ): Promise<ProviderRecord | undefined> {
    const metadata = await metadataOf(objectName, signal);
    const response = await http.send({
      method: 'GET',
      path: path(objectName, `/${encodeURIComponent(recordId)}`),
      ...(fields.length > 0 && { query: { properties: fields.join(',') } }),
      ...(signal && { signal }),
    });
    if (response.status === 404) return undefined;
    if (response.status !== 200) throw hubSpotError(response, `read ${objectName} ${recordId}`);
    const [record] = resultsOf({ ...response, body: { results: [response.body] } }, `a ${objectName}`);
    return toRecord(record!, metadata.fields);
  }

  const wireProperties = (fields: Record<string, unknown>) =>
    Object.fromEntries(Object.entries(fields).map(([name, value]) => [name, wireValue(value)]));

  /** A refusal of this one record (bad values, a duplicate, a missing record) rather than of the call. */
  function recordFailure(response: ProviderResponse): WriteOutcome | undefined {
    if (![400, 404, 409].includes(response.status)) return undefined;
    const error = hubSpotError(response, 'write the record');
    const fieldNames = error.details.fieldNames ?? [];
    return { success: false, reason: error.message, ...(fieldNames.length > 0 && { fieldNames }) };
  }

  async function write(request: WriteRecordRequest): Promise<WriteOutcome> {
    const { objectName, recordId } = request;
    if (recordId === undefined && request.mayHaveBeenWritten) {
      const key = upsertKeyOf(objectName, [request]);
      if (key !== undefined) {
        const metadata = await metadataOf(objectName, request.signal);
        const [outcome] = await upsertChunk(request, [request], key, metadata.fields);
        return outcome!;
      }
    }
    const metadata = await metadataOf(objectName, request.signal);
    const response = await http.send({
      method: recordId === undefined ? 'POST' : 'PATCH',
      path: path(objectName, recordId === undefined ? '' : `/${encodeURIComponent(recordId)}`),
      body: { properties: wireProperties(request.fields) },
      ...(request.signal && { signal: request.signal }),
    });
    if (response.status === 200 || response.status === 201) {
      const [record] = resultsOf(
        { ...response, body: { results: [response.body] } },
        `a written ${objectName}`,
      );
      return { success: true, recordId: record!.id, record: toRecord(record!, metadata.fields) };
    }
    const failure = recordFailure(response);
    if (failure) return failure;
    throw hubSpotError(response, `${recordId === undefined ? 'create' : 'update'} a ${objectName} record`);
  }

  /**
   * Creates keyed on `idProperty` (`/batch/upsert`): a record that exists with the key's value is updated
   * instead. Results are matched to records by the key's value, as HubSpot need not answer in order.
   */
  async function upsertChunk(
    request: { objectName: string; signal?: AbortSignal },
    records: BatchWriteRequest['records'],
    idProperty: string,
    fields: Record<string, FieldMetadata>,
  ): Promise<WriteOutcome[]> {
    const { objectName } = request;
    const keyOf = (value: unknown) => String(value).toLowerCase();
    const response = await http.send({
      method: 'POST',
      path: path(objectName, '/batch/upsert'),
      body: {
        inputs: records.map((record) => ({
          id: String(record.fields[idProperty]),
          idProperty,
          properties: wireProperties(record.fields),
        })),
      },
      ...(request.signal && { signal: request.signal }),
    });
    if (response.status === 400 || response.status === 409) {
      const failure = recordFailure(response)!;
      return records.map(() => failure);
    }
    if (![200, 201, 207].includes(response.status))
      throw hubSpotError(response, `upsert ${objectName} in a batch`);
    const results = resultsOf(response, `a batch upsert of ${objectName}`);
    const byKey = new Map(results.map((record) => [keyOf(record.properties[idProperty]), record]));
    // An answer without the key's value among a record's properties is matched by position.
    const inOrder = results.length === records.length;
    return records.map((record, index) => {
      const written = byKey.get(keyOf(record.fields[idProperty])) ?? (inOrder ? results[index] : undefined);
      if (written) return { success: true, recordId: written.id, record: toRecord(written, fields) };
      return {
        success: false,
        reason: `HubSpot did not write the ${objectName} record keyed on its ${idProperty}.`,
      };
    });
  }

  async function batchChunk(
    request: BatchWriteRequest,
    records: BatchWriteRequest['records'],
    fields: Record<string, FieldMetadata>,
  ): Promise<WriteOutcome[]> {
    const { objectName, type } = request;
    const key =
      type === 'create' && request.mayHaveBeenWritten ? upsertKeyOf(objectName, records) : undefined;
    if (key !== undefined) return upsertChunk(request, records, key, fields);
    const inputs = records.map((record, index) =>
      type === 'update'
        ? { id: String(record.recordId), properties: wireProperties(record.fields) }
        : { properties: wireProperties(record.fields), objectWriteTraceId: String(index) },
    );
    const response = await http.send({
      method: 'POST',
      path: path(objectName, `/batch/${type}`),
      body: { inputs },
      ...(request.signal && { signal: request.signal }),
    });
    if (response.status === 400 || response.status === 409) {
      // HubSpot checks every input before writing any: one bad input fails the whole call.
      const failure = recordFailure(response)!;
      return records.map(() => failure);
    }
    if (![200, 201, 207].includes(response.status))
      throw hubSpotError(response, `${type} ${objectName} in a batch`);
    const results = resultsOf(response, `a batch ${type} of ${objectName}`);
    const failedIds = new Map<string, string>();
    const errors = (response.body as { errors?: unknown }).errors;
    if (Array.isArray(errors)) {
      for (const error of errors as { message?: unknown; context?: { ids?: unknown } }[]) {
        const ids = error?.context?.ids;
        const reason = typeof error?.message === 'string' ? error.message : 'HubSpot refused this record.';
        if (Array.isArray(ids)) for (const id of ids) failedIds.set(String(id), reason);
      }
    }
    if (type === 'update') {
      const byId = new Map(results.map((record) => [record.id, record]));
      return records.map((record) => {
        const id = String(record.recordId);
        const written = byId.get(id);
        if (written) return { success: true, recordId: id, record: toRecord(written, fields) };
        return { success: false, reason: failedIds.get(id) ?? `HubSpot did not update ${objectName} ${id}.` };
      });
    }
    // Creates answer in input order unless they carry the trace id back.
    const byTrace = new Map(
      results.map((record, index) => [String(record.objectWriteTraceId ?? index), record]),
    );
    return records.map((_record, index) => {
      const created = byTrace.get(String(index));
      if (created) return { success: true, recordId: created.id, record: toRecord(created, fields) };
      return { success: false, reason: `HubSpot did not create record ${index + 1} of the batch.` };
    });
  }

  async function batchWrite(request: BatchWriteRequest): Promise<WriteOutcome[]> {
    const metadata = await metadataOf(request.objectName, request.signal);
    const outcomes: WriteOutcome[] = [];
    for (let start = 0; start < request.records.length; start += hubSpotBatchLimit) {
      const chunk = request.records.slice(start, start + hubSpotBatchLimit);
      outcomes.push(...(await batchChunk(request, chunk, metadata.fields)));
    }
    return outcomes;
  }

  async function deleteRecord(objectName: string, recordId: string, signal?: AbortSignal): Promise<void> {
    const response = await http.send({
      method: 'DELETE',
      path: path(objectName, `/${encodeURIComponent(recordId)}`),
      ...(signal && { signal }),
    });
    if (response.status === 204 || response.status === 200 || response.status === 404) return;
    throw hubSpotError(response, `archive ${objectName} ${recordId}`);
  }

  return {
    provider: 'hubspot',
    listObjectMetadata: (objectNames, signal) =>
      Promise.all(objectNames.map((name) => metadataOf(name, signal))),
    readPage,
    search,
    getRecord,
    uniqueProperty: (objectName) =>
      Object.hasOwn(upsertKeys, objectName) ? upsertKeys[objectName] : undefined,
    write,
    batchWrite,
    delete: deleteRecord,
  };
}
