/**
 * One page of a Salesforce read: a SOQL query over the object's modification window, ordered by
 * modification time and Id, continued through `nextRecordsUrl`. The page size goes to Salesforce as
 * `Sforce-Query-Options: batchSize` (200 to 2,000); a page Salesforce makes larger than asked is cut, and
 * the rest read again by a query resuming after the last record returned (./read-cursor.ts).
 */
import type { ProviderRecord, ReadPageRequest, ReadPageResult } from '../connector.js';
import { ProviderError } from '../provider-error.js';
import type { ProviderHttp, ProviderResponse } from '../provider-http.js';
import type { DescribedFields } from './describe.js';
import {
  decodeReadCursor,
  encodeReadCursor,
  isAfter,
  type ReadCursor,
  type ReadPosition,
} from './read-cursor.js';
import { type QueryPage, queryPageSchema, salesforceInstant, toProviderRecord } from './records.js';
import { dataPath, queryBatchSize, salesforceProvider } from './salesforce-api.js';
import { errorEntriesOf, expectSuccess, parseAnswer } from './salesforce-errors.js';
import { buildSoql, type SoqlCondition, soqlDatetime } from './soql.js';

/** The fields to select: the caller's, as the describe spells them, with the Id and the stamp first. */
export function selectedFields(
  described: DescribedFields,
  names: readonly string[],
  stamp?: string,
): string[] {
  const unknown = names.filter((name) => described.get(name) === undefined);
  if (unknown.length > 0) {
    throw new ProviderError(
      'badRequest',
      `${described.describe.name} has no field ${unknown.join(', ')} in Salesforce.`,
      { provider: salesforceProvider, fieldNames: unknown },
    );
  }
  const fields = ['Id', ...(stamp ? [stamp] : []), ...names.map((name) => described.get(name)!.name)];
  return [...new Set(fields)];
}

/** The field a read orders and windows by: Salesforce's indexed system stamp where the object has it. */
export function modstampField(described: DescribedFields): string | undefined {
  return ['SystemModstamp', 'LastModifiedDate'].find((name) => described.get(name)?.type === 'datetime');
}

const clamp = (value: number, min: number, max: number) => Math.min(Math.max(Math.floor(value), min), max);

function readQuery(
  described: DescribedFields,
  request: ReadPageRequest,
  stamp: string,
  after: ReadPosition | undefined,
): string {
  const where: SoqlCondition[] = [];
  if (request.sinceMs !== undefined) {
    where.push({ field: stamp, operator: '>', literal: soqlDatetime(request.sinceMs) });
  }
  if (request.untilMs !== undefined) {
    where.push({ field: stamp, operator: '<=', literal: soqlDatetime(request.untilMs) });
  }
  // From the start of the last record's second: Salesforce compares to the second, and the records of that
  // second already read are skipped by their position below.
  if (after) where.push({ field: stamp, operator: '>=', literal: soqlDatetime(after.stampMs) });
  return buildSoql({
    fields: selectedFields(described, request.fields, stamp),
    from: described.describe.name,
    where,
    orderBy: [stamp, 'Id'],
  });
}

const isExpiredLocator = (response: ProviderResponse) =>
  response.status === 400 &&
  errorEntriesOf(response.body)?.some((entry) => entry.errorCode === 'INVALID_QUERY_LOCATOR') === true;

export async function readSalesforcePage(
  http: ProviderHttp,
  described: DescribedFields,
  request: ReadPageRequest,
): Promise<ReadPageResult> {
  const stamp = modstampField(described);
  if (!stamp) {
    throw new ProviderError('badRequest', `${described.describe.name} has no modification time to read by.`, {
      provider: salesforceProvider,
    });
  }
  const pageSize = clamp(request.pageSize, 1, queryBatchSize.max);
  const headers = {
    'sforce-query-options': `batchSize=${clamp(pageSize, queryBatchSize.min, queryBatchSize.max)}`,
  };
  const send = async (path: string, query?: Record<string, string>) =>
    http.send({
      method: 'GET',
      path,
      headers,
      ...(query && { query }),
      ...(request.signal && { signal: request.signal }),
    });
  const runQuery = async (after: ReadPosition | undefined) =>
    send(`${dataPath}/query`, { q: readQuery(described, request, stamp, after) });

  let cursor: ReadCursor = request.cursor ? decodeReadCursor(request.cursor) : {};
  let response = cursor.next ? await send(cursor.next) : await runQuery(cursor.after);
  if (cursor.next && isExpiredLocator(response)) {
    // The query is gone: a fresh one resumes after the last record returned.
    const resumeAt = cursor.last ?? cursor.after;
    cursor = resumeAt ? { after: resumeAt } : {};
    response = await runQuery(cursor.after);
  }
  const page: QueryPage = parseAnswer(queryPageSchema, expectSuccess(response).body, 'query');

  const after = cursor.after;
  const fresh: ProviderRecord[] = [];
  const positions: ReadPosition[] = [];
  for (const raw of page.records) {
    const record = toProviderRecord(raw, described);
    const position = { stampMs: salesforceInstant(String(raw[stamp] ?? '')), id: record.id };
    if (!Number.isFinite(position.stampMs)) {
      throw new ProviderError('malformed', `A ${described.describe.name} record has no valid ${stamp}.`, {
        provider: salesforceProvider,
      });
    }
    if (after && !isAfter(position, after)) continue;
    fresh.push(record);
    positions.push(position);
  }

  // A read's first page answers the first query, whose `totalSize` counts the whole read.
  const counted = request.cursor === undefined ? { totalRecords: page.totalSize } : {};
  if (fresh.length > pageSize) {
    // Salesforce sent more than asked: the rest comes from a query resuming after this page.
    return {
      records: fresh.slice(0, pageSize),
      nextCursor: encodeReadCursor({ after: positions[pageSize - 1]! }),
      done: false,
      ...counted,
    };
  }
  if (page.done || !page.nextRecordsUrl) return { records: fresh, done: true, ...counted };
  const last = positions.at(-1) ?? cursor.last ?? after;
  return {
    records: fresh,
    nextCursor: encodeReadCursor({
      next: page.nextRecordsUrl,
      ...(after && { after }),
      ...(last && { last }),
    }),
    done: false,
    ...counted,
  };
}
