/**
 * One write request carried out against the provider, as the write settings say: every record checked and
 * translated first (a bad field fails the whole request before anything is written), the defaults added,
 * `ifEmpty` fields read from the provider, then one call for a record or one batch call for a batch.
 * Returns the answer the hosted write description shows: 200 when every record was written, 422 with each
 * failed record's reason in words otherwise. A failure of the call itself (auth, limits, an outage) throws
 * the connector's `ProviderError`.
 *
 * A write an earlier attempt may already have carried out (that attempt was cut off) is sent so that it
 * cannot be carried out twice where the provider allows: updates and deletes set what they set again, and
 * creates are keyed on the object's unique property when every record carries it. A create with no such
 * key is sent again only when the caller accepts that (`duplicateCreates`), and otherwise ends as a
 * failure saying its outcome is unknown.
 */
import type { Issue, ObjectMetadata, WriteRequest, WriteResult } from '@splice/schema';
import { problemTypes } from '@splice/schema';
import { problemError } from '@splice/server-kit';
import type { Connector, WriteOutcome } from '../connectors/connector.js';
import { ProviderError } from '../connectors/provider-error.js';
import { failedAnswer } from './failed-answer.js';
import type { WriteAnswer } from './write-answer.js';
import { defaultsFor, fieldsToCheck, withDefaults } from './write-defaults.js';
import { recordIdMember, toProviderFields } from './write-fields.js';
import type { WriteTarget } from './write-target.js';

export type { WriteAnswer };

interface PlannedRecord {
  fields: Record<string, unknown>;
  recordId?: string;
}

/** The object's fields at the provider; an object the provider does not have cannot be written. */
async function objectMetadata(connector: Connector, target: WriteTarget): Promise<ObjectMetadata> {
  try {
    const [metadata] = await connector.listObjectMetadata([target.objectName]);
    if (metadata) return metadata;
  } catch (error) {
    if (!(error instanceof ProviderError && (error.kind === 'notFound' || error.kind === 'badRequest'))) {
      throw error;
    }
  }
  throw problemError(422, 'objectNotWritable', {
    detail: `The provider has no object "${target.objectName}".`,
  });
}

function recordsOf(request: WriteRequest): { record: Record<string, unknown>; at: string }[] {
  if (request.record) return [{ record: request.record, at: 'record' }];
  return (request.batch ?? []).map((item, index) => ({ record: item.record, at: `batch[${index}].record` }));
}

/** The request's records as provider fields, or a problem naming each member that cannot be written. */
async function translateRecords(
  connector: Connector,
  target: WriteTarget,
  request: WriteRequest,
): Promise<PlannedRecord[]> {
  const metadata = await objectMetadata(connector, target);
  const issues: Issue[] = [];
  const translated = recordsOf(request).map(({ record, at }) => {
    const result = toProviderFields(record, target.mapping, metadata, at);
    issues.push(...result.issues);
    const id = record[recordIdMember];
    return { fields: result.fields, ...(request.type === 'update' && { recordId: String(id) }) };
  });
  if (issues.length > 0) {
    const onlyReadOnly = issues.every((issue) => issue.type === problemTypes.readOnlyField.type);
    throw problemError(422, onlyReadOnly ? 'readOnlyField' : 'unknownField', {
      detail: 'Some fields of the records cannot be written.',
      issues,
    });
  }
  return translated;
}

/** The request's records as provider fields with their defaults (`ifEmpty` ones after reading the record). */
async function planRecords(
  connector: Connector,
  target: WriteTarget,
  request: WriteRequest,
  type: 'create' | 'update',
): Promise<PlannedRecord[]> {
  const translated = await translateRecords(connector, target, request);
  const defaults = defaultsFor(target.settings, type);
  const planned: PlannedRecord[] = [];
  for (const record of translated) {
    const toCheck = record.recordId === undefined ? [] : fieldsToCheck(record.fields, defaults);
    // `ifEmpty` needs the record's current values: read only the fields it decides.
    const current =
      toCheck.length > 0
        ? (await connector.getRecord(target.objectName, record.recordId!, toCheck))?.fields
        : undefined;
    planned.push({ ...record, fields: withDefaults(record.fields, defaults, current) });
  }
  return planned;
}

/** Refuses now what the write would refuse later: a delete not enabled, a field that cannot be written. */
export async function checkWrite(
  connector: Connector,
  target: WriteTarget,
  request: WriteRequest,
): Promise<void> {
  if (request.type === 'delete') {
    refuseDisabledDeletion(target);
    return;
  }
  await translateRecords(connector, target, request);
}

function refuseDisabledDeletion(target: WriteTarget): void {
  if (target.settings.deletionSettings?.enabled !== true) {
    throw problemError(422, 'deletionDisabled', {
      detail: `Deleting "${target.objectName}" records is not enabled in this installation's write settings.`,
      remedy: 'Enable deletion for the object in the installation (deletionSettings.enabled), then retry.',
    });
  }
}

function unknownOutcome(connector: Connector, objectName: string): string {
  const key = connector.uniqueProperty?.(objectName);
  const keyed = key === undefined ? '' : ` (one whose every record carries its "${key}" would have been)`;
  return (
    `The first attempt of this write was cut off before ${connector.provider} answered, so whether it ` +
    `created the records is unknown, and a create ${connector.provider} cannot key is not sent twice${keyed}. ` +
    'Search for the records before writing them again under a new Idempotency-Key.'
  );
}

function resultOf(outcome: WriteOutcome): WriteResult {
  if (!outcome.success) return { success: false, errors: [{ message: outcome.reason }] };
  return {
    success: true,
    recordId: outcome.recordId,
    ...(outcome.record && { data: outcome.record.fields }),
  };
}

/** Deletes one record, where the object's settings enable deletion. */
async function runDelete(
  connector: Connector,
  target: WriteTarget,
  request: WriteRequest,
  operationId: string,
): Promise<WriteAnswer> {
  refuseDisabledDeletion(target);
  const recordId = String(request.record?.[recordIdMember]);
  await connector.delete(target.objectName, recordId);
  return { status: 200, body: { operationId, result: { success: true, recordId } } };
}

export interface RunWriteOptions {
  /** An earlier attempt of this write may have reached the provider. */
  mayHaveBeenWritten?: boolean;
  /** With `mayHaveBeenWritten`, send a create that cannot be keyed anyway (it may then be written twice). */
  duplicateCreates?: boolean;
}

/** Whether the provider would write every record once even if an earlier attempt wrote it already. */
function keyedOnce(connector: Connector, objectName: string, records: PlannedRecord[]): boolean {
  const key = connector.uniqueProperty?.(objectName);
  return (
    key !== undefined && records.every(({ fields }) => typeof fields[key] === 'string' && fields[key] !== '')
  );
}

export async function runWrite(
  connector: Connector,
  target: WriteTarget,
  request: WriteRequest,
  operationId: string,
  options: RunWriteOptions = {},
): Promise<WriteAnswer> {
  if (request.type === 'delete') return runDelete(connector, target, request, operationId);
  const records = await planRecords(connector, target, request, request.type);
  const mayHaveBeenWritten = options.mayHaveBeenWritten === true;
  if (
    mayHaveBeenWritten &&
    request.type === 'create' &&
    !options.duplicateCreates &&
    !keyedOnce(connector, target.objectName, records)
  ) {
    return failedAnswer(operationId, request, unknownOutcome(connector, target.objectName));
  }
  if (request.record) {
    const outcome = await connector.write({
      objectName: target.objectName,
      fields: records[0]!.fields,
      ...(records[0]!.recordId !== undefined && { recordId: records[0]!.recordId }),
      ...(mayHaveBeenWritten && { mayHaveBeenWritten }),
    });
    const result = resultOf(outcome);
    if (outcome.success) return { status: 200, body: { operationId, result } };
    return {
      status: 422,
      body: { operationId, errors: result.errors ?? [], result: { success: false } },
    };
  }
  const outcomes = await connector.batchWrite({
    objectName: target.objectName,
    type: request.type,
    records,
    allOrNone: request.batchPolicy?.allOrNone ?? false,
    ...(mayHaveBeenWritten && { mayHaveBeenWritten }),
  });
  const results = outcomes.map(resultOf);
  const successCount = results.filter((result) => result.success).length;
  const failureCount = results.length - successCount;
  return {
    status: failureCount === 0 ? 200 : 422,
    body: { operationId, successCount, failureCount, results },
  };
}
