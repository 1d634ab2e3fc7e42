/**
 * The sandbox CRM provider (`sandboxcrm`): search and sample reads over the generated data set kept in the
 * service's SQLite database (./sandbox-tables).
 *
 * Search is a single indexed SQL query per call: `eq` filters joined by AND (a filter with several values
 * matches any of them), each value first checked against the field's type (./sandbox-conditions) so a
 * mistyped value matches nothing instead of being coerced.
 * Results come in id order; the single-column indexes hold entries in id order within a value, so SQLite
 * reads only the first `limit` matches. Statements are prepared once per (object, filtered fields) shape.
 * Nothing is cached in JS beyond those statements, so memory does not grow with the data set.
 */

import type { SandboxFieldValue, SandboxRecord } from '@splice/sandbox-data';
import type { ObjectMetadata } from '@splice/schema';
import type { Database, Statement } from 'better-sqlite3';
import { UnknownObjectError } from './errors.js';
import type {
  FieldFilter,
  IdRange,
  ProviderRecord,
  ReadPage,
  ReadWindow,
  SampleReadResult,
  SearchResult,
} from './provider-contract.js';
import { toRawRecord } from './raw-record.js';
import { noMatch } from './sandbox-columns.js';
import { conditionTerms } from './sandbox-conditions.js';
import { getObjectMetadata, listObjects } from './sandbox-crm-metadata.js';
import { createSandboxReader } from './sandbox-reader.js';
import {
  providerName,
  type SandboxTable,
  type SeedOptions,
  type SeedResult,
  sandboxTables,
  seedSandboxData,
} from './sandbox-tables.js';

/** Search returns one page; a larger `limit` is clamped to this. */
export const maxSearchLimit = 1_000;
/** Distinct filter shapes kept prepared; beyond it the oldest is dropped (there are few in practice). */
const statementCacheSize = 256;

export interface SandboxProvider {
  readonly name: 'sandboxcrm';
  readonly displayName: string;
  /** What creating the provider did to the data set (nothing when it already matched the options). */
  readonly seed: SeedResult;
  /** Every object with its fields. */
  listObjects(): ObjectMetadata[];
  /** `undefined` for an object the sandbox does not have. */
  getObjectMetadata(objectName: string): ObjectMetadata | undefined;
  /**
   * Records matching every filter (AND of typed `eq`, a list of values meaning any of them), in id order, at most `limit` (clamped to
   * `maxSearchLimit`). Throws `UnknownObjectError`, `UnknownFieldError`, or `RangeError` for a bad limit.
   */
  search(objectName: string, filters: readonly FieldFilter[], limit: number): SearchResult;
  /**
   * Reads the first record with only the named fields, or reports the names the object lacks.
   * Throws `UnknownObjectError`.
   */
  sampleRead(objectName: string, fieldNames: readonly string[]): SampleReadResult;
  /** Bulk reads for the read engine (./sandbox-reader). */
  readPage(objectName: string, window: ReadWindow, afterId: number, limit: number): ReadPage;
  countRecords(objectName: string, window: ReadWindow, ids?: IdRange): number;
  lastRecordId(objectName: string): number;
}

type Row = Record<string, string | number | null>;

/**
 * Seeds the sandbox tables for `options` when they do not already hold that data set (see
 * `seedSandboxData`: defaults 5,000 contacts, 500 companies, 2,000 deals), then serves queries over them.
 */
export function createSandboxProvider(db: Database, options: SeedOptions = {}): SandboxProvider {
  const seed = seedSandboxData(db, options);
  const statements = new Map<string, Statement<unknown[], Row>>();
  const reader = createSandboxReader(db);

  function prepared(key: string, sql: string): Statement<unknown[], Row> {
    let statement = statements.get(key);
    if (statement === undefined) {
      statement = db.prepare<unknown[], Row>(sql);
      if (statements.size >= statementCacheSize) statements.delete(statements.keys().next().value!);
      statements.set(key, statement);
    }
    return statement;
  }

  return {
    name: providerName,
    displayName: 'Sandbox CRM',
    seed,
    readPage: reader.readPage,
    countRecords: reader.countRecords,
    lastRecordId: reader.lastRecordId,

    listObjects(): ObjectMetadata[] {
      return listObjects();
    },

    getObjectMetadata(objectName: string): ObjectMetadata | undefined {
      return getObjectMetadata(objectName);
    },

    search(objectName: string, filters: readonly FieldFilter[], limit: number): SearchResult {
      const table = tableOf(objectName);
      if (!Number.isInteger(limit) || limit < 0) throw new RangeError(`invalid search limit: ${limit}`);
      const conditions = conditionTerms(table, filters);
      // A value of the wrong type (or a text no stored value can have) matches no record.
      if (conditions === noMatch || limit === 0) return { records: [] };

      const { terms, params, shape } = conditions;
      const where = terms.length === 0 ? '' : `WHERE ${terms.join(' AND ')}`;
      const key = `${objectName}\u0000${shape}`;
      const statement = prepared(key, `SELECT * FROM ${table.sql} ${where} ORDER BY "id" LIMIT ?`);
      const rows = statement.all(...params, Math.min(limit, maxSearchLimit));
      return { records: rows.map((row) => toProviderRecord(table, row)) };
    },

    sampleRead(objectName: string, fieldNames: readonly string[]): SampleReadResult {
      const table = tableOf(objectName);
      const unknownFields = [...new Set(fieldNames.filter((name) => !table.columnsByField.has(name)))];
      if (unknownFields.length > 0) return { ok: false, unknownFields };
      const row = prepared(
        `${objectName}\u0000#sample`,
        `SELECT * FROM ${table.sql} ORDER BY "id" LIMIT 1`,
      ).get();
      return {
        ok: true,
        record: row === undefined ? null : toProviderRecord(table, row, [...new Set(fieldNames)]),
      };
    },
  };
}

function tableOf(objectName: string): SandboxTable {
  const table = sandboxTables.get(objectName);
  if (table === undefined) throw new UnknownObjectError(providerName, objectName);
  return table;
}

/** `fieldNames` limits `fields` and `raw.properties` to those fields (a sample read); default all. */
function toProviderRecord(table: SandboxTable, row: Row, fieldNames?: readonly string[]): ProviderRecord {
  const record: SandboxRecord = {};
  for (const column of table.columns) {
    record[column.fieldName] = column.codec.decode(row[column.fieldName] ?? null);
  }
  const fields: Record<string, SandboxFieldValue> =
    fieldNames === undefined
      ? record
      : Object.fromEntries(fieldNames.map((name) => [name, record[name] ?? null]));
  return { id: String(record.id), fields, raw: toRawRecord(record, fieldNames) };
}
