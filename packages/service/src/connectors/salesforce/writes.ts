/**
 * Writes to Salesforce: one record's create (`POST /sobjects/{object}`), update (`PATCH
 * /sobjects/{object}/{id}`) and delete, and batches through the sObject collections (`/composite/sobjects`,
 * 200 records a call, `allOrNone: false`), whose answer is one SaveResult per record in the request's order.
 * A record Salesforce refuses is a failed outcome naming its fields; anything else about the call (auth,
 * limits, an outage) throws.
 */
import * as z from 'zod/mini';
import type { BatchWriteRequest, ProviderRecord, WriteOutcome, WriteRecordRequest } from '../connector.js';
import { ProviderError } from '../provider-error.js';
import type { ProviderHttp } from '../provider-http.js';
import type { DescribedFields } from './describe.js';
import { toProviderRecord } from './records.js';
import {
  checkedObjectName,
  collectionLimit,
  dataPath,
  isRecordId,
  salesforceProvider,
  sobjectPath,
} from './salesforce-api.js';
import { expectSuccess, parseAnswer, salesforceFailure } from './salesforce-errors.js';

// A SaveResult's error names its code `statusCode`; the REST error body's name is accepted too.
const saveErrorSchema = z.object({
  statusCode: z.optional(z.string()),
  errorCode: z.optional(z.string()),
  message: z.string(),
  fields: z.optional(z.nullable(z.array(z.string()))),
});
const saveResultSchema = z.object({
  id: z.optional(z.nullable(z.string())),
  success: z.boolean(),
  errors: z.optional(z.array(saveErrorSchema)),
});
const saveResultsSchema = z.array(saveResultSchema);

/** The body Salesforce takes: a multi-select as its `;`-joined text, every other value as given. */
function salesforceValues(fields: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(
    Object.entries(fields).map(([name, value]) => [name, Array.isArray(value) ? value.join(';') : value]),
  );
}

const notARecordId = (recordId: string): WriteOutcome => ({
  success: false,
  reason: `"${recordId}" is not a Salesforce record id.`,
});

/** A refusal of this record (its content, or a record that does not exist) as its failed outcome. */
function refusal(error: ProviderError): WriteOutcome {
  if (error.kind !== 'badRequest' && error.kind !== 'notFound') throw error;
  return {
    success: false,
    reason: error.message,
    ...(error.details.fieldNames && { fieldNames: error.details.fieldNames }),
  };
}

/**
 * One record with these fields (`GET /sobjects/{object}/{id}?fields=`); undefined when Salesforce has no
 * such record, or the id cannot be one.
 */
export async function readRecord(
  http: ProviderHttp,
  described: DescribedFields,
  request: { objectName: string; recordId: string; fields: readonly string[]; signal?: AbortSignal },
): Promise<ProviderRecord | undefined> {
  if (!isRecordId(request.recordId)) return undefined;
  const response = await http.send({
    method: 'GET',
    path: sobjectPath(request.objectName, request.recordId),
    ...(request.fields.length > 0 && { query: { fields: [...request.fields, 'Id'].join(',') } }),
    ...(request.signal && { signal: request.signal }),
  });
  if (response.status === 404) return undefined;
  const body = expectSuccess(response).body;
  if (typeof body !== 'object' || body === null) {
    throw new ProviderError('malformed', 'Salesforce answered a record that is not an object.', {
      provider: salesforceProvider,
    });
  }
  return toProviderRecord(body as Record<string, unknown>, described);
}

export async function writeRecord(http: ProviderHttp, request: WriteRecordRequest): Promise<WriteOutcome> {
  const { objectName, recordId } = request;
  if (recordId !== undefined && !isRecordId(recordId)) return notARecordId(recordId);
  const response = await http.send({
    method: recordId === undefined ? 'POST' : 'PATCH',
    path: sobjectPath(objectName, recordId),
    body: salesforceValues(request.fields),
    ...(request.signal && { signal: request.signal }),
  });
  if (response.status < 200 || response.status >= 300) return refusal(salesforceFailure(response));
  if (recordId !== undefined) return { success: true, recordId };
  const created = parseAnswer(saveResultSchema, response.body, 'create');
  if (!created.id) return { success: false, reason: 'Salesforce created no record.' };
  return { success: true, recordId: created.id };
}

function outcomeOf(result: z.infer<typeof saveResultSchema>, recordId?: string): WriteOutcome {
  const id = result.id ?? recordId;
  if (result.success && id) return { success: true, recordId: id };
  const errors = result.errors ?? [];
  const fieldNames = [...new Set(errors.flatMap((error) => error.fields ?? []))];
  return {
    success: false,
    reason:
      errors
        .map((error) => `${error.statusCode ?? error.errorCode ?? 'ERROR'}: ${error.message}`)
        .join('; ') || 'Salesforce did not write the record.',
    ...(fieldNames.length > 0 && { fieldNames }),
  };
}

/** One collection call of at most 200 records; records with an impossible id fail without being sent. */
async function writeCollection(
  http: ProviderHttp,
  request: BatchWriteRequest,
  records: BatchWriteRequest['records'],
): Promise<WriteOutcome[]> {
  const type = checkedObjectName(request.objectName);
  const outcomes: (WriteOutcome | undefined)[] = records.map((record) =>
    request.type === 'update' && !(record.recordId !== undefined && isRecordId(record.recordId))
      ? notARecordId(record.recordId ?? '')
      : undefined,
  );
  const sent = records.filter((_, index) => outcomes[index] === undefined);
  if (sent.length > 0) {
    const response = await http.send({
      method: request.type === 'create' ? 'POST' : 'PATCH',
      path: `${dataPath}/composite/sobjects`,
      body: {
        allOrNone: request.allOrNone ?? false,
        records: sent.map((record) => ({
          attributes: { type },
          ...salesforceValues(record.fields),
          ...(request.type === 'update' && { id: record.recordId }),
        })),
      },
      ...(request.signal && { signal: request.signal }),
    });
    const results = parseAnswer(saveResultsSchema, expectSuccess(response).body, 'collection');
    if (results.length !== sent.length) {
      throw new ProviderError(
        'malformed',
        `Salesforce answered ${results.length} results for ${sent.length} records.`,
        { provider: salesforceProvider },
      );
    }
    let next = 0;
    for (const [index, record] of records.entries()) {
      if (outcomes[index] === undefined) outcomes[index] = outcomeOf(results[next++]!, record.recordId);
    }
  }
  return outcomes as WriteOutcome[];
}

export async function batchWriteRecords(
  http: ProviderHttp,
  request: BatchWriteRequest,
): Promise<WriteOutcome[]> {
  const outcomes: WriteOutcome[] = [];
  for (let start = 0; start < request.records.length; start += collectionLimit) {
    outcomes.push(
      ...(await writeCollection(http, request, request.records.slice(start, start + collectionLimit))),
    );
  }
  return outcomes;
}

/** Deletes one record; one that is already gone (or never was) is not an error. */
export async function deleteRecord(
  http: ProviderHttp,
  objectName: string,
  recordId: string,
  signal?: AbortSignal,
): Promise<void> {
  if (!isRecordId(recordId)) return;
  const response = await http.send({
    method: 'DELETE',
    path: sobjectPath(objectName, recordId),
    ...(signal && { signal }),
  });
  if (response.status === 404) return;
  expectSuccess(response);
}
