/**
 * Runs a parsed SOQL query over the org's records and pages its answer as Salesforce does: `batchSize`
 * records a page (2,000 unless the caller's `Sforce-Query-Options` asks for 200 to 2,000), `done`, and a
 * `nextRecordsUrl` whose locator (`{queryId}-{offset}`) fetches the next page of the same result.
 */
import { randomBytes } from 'node:crypto';
import type { FieldValue, SObjectRecord } from './data-set.js';
import { salesforceError } from './errors.js';
import { type FieldDescribe, resolveField, resolveSObject, type SObjectName } from './sobjects.js';
import { type Condition, type Literal, parseSoql, type SoqlQuery } from './soql.js';

export const defaultBatchSize = 2_000;

interface QueryResult {
  sobject: SObjectName;
  fields: string[];
  records: SObjectRecord[];
}

export interface QueryPage {
  totalSize: number;
  done: boolean;
  records: Array<Record<string, unknown>>;
  nextRecordsUrl?: string;
}

/** A value in its field's order: datetimes as instants, text case-insensitively, as SOQL compares. */
function comparable(field: FieldDescribe, value: FieldValue | Literal): number | string | boolean | null {
  if (value === null) return null;
  if (typeof value === 'object') return 'instant' in value ? value.instant : value.date;
  if (field.type === 'datetime' && typeof value === 'string') {
    // The stored form ends `+0000`: as `Z` it takes Date.parse's fast path (a read compares millions).
    return Date.parse(
      value.endsWith('+0000') ? `${value.slice(0, -5)}Z` : value.replace(/([+-]\d{2})(\d{2})$/, '$1:$2'),
    );
  }
  return typeof value === 'string' ? value.toLowerCase() : value;
}

/** A LIKE pattern as a case-insensitive regular expression: `%` any run, `_` one character, `\%` and `\_` themselves. */
function likePattern(pattern: string): RegExp {
  let source = '';
  for (let index = 0; index < pattern.length; index++) {
    const char = pattern[index]!;
    const next = pattern[index + 1];
    if (char === '\\' && (next === '%' || next === '_')) {
      source += next;
      index++;
    } else if (char === '%') source += '.*';
    else if (char === '_') source += '.';
    else source += char.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  }
  return new RegExp(`^${source}$`, 'is');
}

function field(sobject: SObjectName, name: string): FieldDescribe {
  const found = resolveField(sobject, name);
  if (!found) {
    throw salesforceError(
      'INVALID_FIELD',
      `No such column '${name}' on entity '${sobject}'. If you are attempting to use a custom field, be sure to append the '__c' after the custom field name.`,
    );
  }
  return found;
}

function matcher(sobject: SObjectName, condition: Condition): (record: SObjectRecord) => boolean {
  switch (condition.kind) {
    case 'and': {
      const [left, right] = [matcher(sobject, condition.left), matcher(sobject, condition.right)];
      return (record) => left(record) && right(record);
    }
    case 'or': {
      const [left, right] = [matcher(sobject, condition.left), matcher(sobject, condition.right)];
      return (record) => left(record) || right(record);
    }
    case 'not': {
      const operand = matcher(sobject, condition.operand);
      return (record) => !operand(record);
    }
    case 'in': {
      const described = field(sobject, condition.field);
      const values = condition.values.map((value) => comparable(described, value));
      return (record) =>
        values.includes(comparable(described, record[described.name] ?? null)) !== condition.negated;
    }
    case 'compare': {
      const described = field(sobject, condition.field);
      const expected = comparable(described, condition.value);
      if (condition.operator === 'LIKE') {
        const pattern = likePattern(String(condition.value ?? ''));
        return (record) => pattern.test(String(record[described.name] ?? ''));
      }
      return (record) => {
        const actual = comparable(described, record[described.name] ?? null);
        if (condition.operator === '=') return actual === expected;
        if (condition.operator === '!=') return actual !== expected;
        // A null is neither less nor greater than anything.
        if (actual === null || expected === null) return false;
        if (condition.operator === '<') return actual < expected;
        if (condition.operator === '<=') return actual <= expected;
        if (condition.operator === '>') return actual > expected;
        return actual >= expected;
      };
    }
  }
}

/** The records in the query's order; each record's sort values are computed once, not per comparison. */
function sortRecords(sobject: SObjectName, query: SoqlQuery, records: SObjectRecord[]): SObjectRecord[] {
  if (query.orderBy.length === 0) return records;
  const keys = query.orderBy.map((order) => ({ ...order, described: field(sobject, order.field) }));
  const keyed = records.map((record) => ({
    record,
    values: keys.map(({ described }) => comparable(described, record[described.name] ?? null)),
  }));
  keyed.sort((a, b) => {
    for (const [index, { descending, nullsLast }] of keys.entries()) {
      const x = a.values[index]!;
      const y = b.values[index]!;
      if (x === y) continue;
      if (x === null || y === null) return (x === null ? -1 : 1) * (nullsLast ? -1 : 1);
      return (x < y ? -1 : 1) * (descending ? -1 : 1);
    }
    return 0;
  });
  return keyed.map(({ record }) => record);
}

/** `query` sees the live records; `queryAll` the recycle bin's deleted ones (`IsDeleted = true`) too. */
export type QueryScope = 'live' | 'all';

export class QueryEngine {
  private readonly results = new Map<string, QueryResult>();

  constructor(
    private readonly records: (sobject: SObjectName, scope: QueryScope) => readonly SObjectRecord[],
  ) {}

  run(
    soql: string,
    version: string,
    batchSize: number,
    scope: QueryScope = 'live',
  ): QueryPage | { totalSize: number; done: true; records: [] } {
    const query = parseSoql(soql);
    const sobject = resolveSObject(query.from);
    if (!sobject) throw salesforceError('INVALID_TYPE', `sObject type '${query.from}' is not supported.`);
    const fields = (query.fields ?? []).map((name) => field(sobject, name).name);
    const where = query.where ? matcher(sobject, query.where) : () => true;
    const records = this.records(sobject, scope).filter(where);
    const selected = sortRecords(sobject, query, records).slice(
      query.offset ?? 0,
      query.limit === undefined ? undefined : (query.offset ?? 0) + query.limit,
    );
    if (!query.fields) return { totalSize: selected.length, done: true, records: [] };
    const queryId = `01g${randomBytes(6).toString('hex').toUpperCase()}`;
    const result = { sobject, fields, records: selected };
    this.results.set(queryId, result);
    return this.page(queryId, result, 0, version, batchSize);
  }

  /** The page a `nextRecordsUrl` locator names. */
  more(locator: string, version: string, batchSize: number): QueryPage {
    const [, queryId, offset] = /^(.+)-(\d+)$/.exec(locator) ?? [];
    const result = queryId === undefined ? undefined : this.results.get(queryId);
    if (!result || Number(offset) > result.records.length) {
      throw salesforceError('INVALID_QUERY_LOCATOR', 'invalid query locator');
    }
    return this.page(queryId!, result, Number(offset), version, batchSize);
  }

  private page(
    queryId: string,
    result: QueryResult,
    offset: number,
    version: string,
    batchSize: number,
  ): QueryPage {
    const end = Math.min(offset + batchSize, result.records.length);
    const records = result.records.slice(offset, end).map((record) => ({
      attributes: {
        type: result.sobject,
        url: `/services/data/${version}/sobjects/${result.sobject}/${record.Id}`,
      },
      ...Object.fromEntries(result.fields.map((name) => [name, record[name] ?? null])),
    }));
    const done = end >= result.records.length;
    // A result read to its end is forgotten, as Salesforce lets a finished cursor go.
    if (done) this.results.delete(queryId);
    return {
      totalSize: result.records.length,
      done,
      records,
      ...(!done && { nextRecordsUrl: `/services/data/${version}/query/${queryId}-${end}` }),
    };
  }
}
