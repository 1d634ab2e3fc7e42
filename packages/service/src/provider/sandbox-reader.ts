/**
 * Bulk reads of the sandbox CRM for the read engine: records whose last-modified time lies in a window,
 * with `eq` conditions (./sandbox-conditions), one page at a time in id order.
 *
 * Paging is keyset on the id (the table's rowid), so each page starts where the last one stopped and a whole
 * read is one pass over the table. When the window covers all history the `updatedAt` term is written as
 * `+"updatedAt"`, which keeps SQLite from choosing the `updatedAt` index and sorting every row by id for
 * each page; a narrow window (a scheduled read, a 30-day backfill) may use that index.
 */
import type { Database, Statement } from 'better-sqlite3';
import { UnknownObjectError } from './errors.js';
import type { IdRange, ProviderRecord, ReadPage, ReadWindow } from './provider-contract.js';
import { toRawRecord } from './raw-record.js';
import { noMatch } from './sandbox-columns.js';
import { conditionTerms } from './sandbox-conditions.js';
import type { SandboxTable } from './sandbox-tables.js';
import { providerName, sandboxTables } from './sandbox-tables.js';

type Row = Record<string, string | number | null>;
/** A page's row as SQLite returns it in raw mode: values in the statement's column order. */
type RawRow = Array<string | number | null>;

export interface SandboxReader {
  readPage(objectName: string, window: ReadWindow, afterId: number, limit: number): ReadPage;
  countRecords(objectName: string, window: ReadWindow, ids?: IdRange): number;
  lastRecordId(objectName: string): number;
}

/**
 * Page rows come back as arrays (better-sqlite3's raw mode), which spares SQLite building an object with
 * every column name for each of a backfill's rows; `fieldIndexes` says where each table column sits.
 */
interface PageStatement {
  statement: Statement<unknown[], RawRow>;
  /** Per `table.columns` entry, its index in a row (-1 when the query has no such column). */
  fieldIndexes: number[];
  idIndex: number;
}

export function createSandboxReader(db: Database): SandboxReader {
  const statements = new Map<string, Statement<unknown[], Row>>();
  const pageStatements = new WeakMap<Statement<unknown[], Row>, PageStatement>();

  function pageStatementOf(table: SandboxTable, statement: Statement<unknown[], Row>): PageStatement {
    let page = pageStatements.get(statement);
    if (page === undefined) {
      const names = statement.columns().map((column) => column.name);
      page = {
        statement: (statement as unknown as Statement<unknown[], RawRow>).raw(true),
        fieldIndexes: table.columns.map((column) => names.indexOf(column.fieldName)),
        idIndex: names.indexOf('id'),
      };
      pageStatements.set(statement, page);
    }
    return page;
  }

  function query(objectName: string, window: ReadWindow, kind: 'page' | 'count' | 'slice') {
    const table = sandboxTables.get(objectName);
    if (table === undefined) throw new UnknownObjectError(providerName, objectName);
    const params: Array<string | number | null> = [];
    const terms: string[] = [];
    const fullHistory = window.sinceMs === undefined;
    terms.push(fullHistory ? '+"updatedAt" <= ?' : '"updatedAt" > ? AND "updatedAt" <= ?');
    if (!fullHistory) params.push(window.sinceMs!);
    params.push(window.untilMs);
    const conditions = conditionTerms(table, window.conditions);
    // A value of the wrong type matches no record, exactly as in search.
    if (conditions === noMatch) return undefined;
    terms.push(...conditions.terms);
    params.push(...conditions.params);
    if (kind === 'slice') terms.unshift('"id" > ? AND "id" <= ?');
    const key = `${kind}\u0000${objectName}\u0000${fullHistory}\u0000${conditions.shape}`;
    let statement = statements.get(key);
    if (statement === undefined) {
      const sql =
        kind === 'page'
          ? `SELECT * FROM ${table.sql} WHERE "id" > ? AND ${terms.join(' AND ')} ORDER BY "id" LIMIT ?`
          : `SELECT count(*) AS n FROM ${table.sql} WHERE ${terms.join(' AND ')}`;
      statement = db.prepare<unknown[], Row>(sql);
      statements.set(key, statement);
    }
    return { table, statement, params };
  }

  return {
    readPage(objectName, window, afterId, limit) {
      const prepared = query(objectName, window, 'page');
      if (prepared === undefined) return { records: [], lastId: afterId };
      const page = pageStatementOf(prepared.table, prepared.statement);
      const rows = page.statement.all(afterId, ...prepared.params, limit);
      const records = rows.map((row) => toRecord(prepared.table, row, page.fieldIndexes));
      return { records, lastId: rows.length ? Number(rows[rows.length - 1]![page.idIndex]) : afterId };
    },
    countRecords(objectName, window, ids) {
      const prepared = query(objectName, window, ids ? 'slice' : 'count');
      if (prepared === undefined) return 0;
      const params = ids ? [ids.after, ids.upTo, ...prepared.params] : prepared.params;
      return Number(prepared.statement.get(...params)?.n ?? 0);
    },
    lastRecordId(objectName) {
      const table = sandboxTables.get(objectName);
      if (table === undefined) throw new UnknownObjectError(providerName, objectName);
      const row = db.prepare(`SELECT max("id") AS n FROM ${table.sql}`).get() as { n: number | null };
      return Number(row.n ?? 0);
    },
  };
}

function toRecord(table: SandboxTable, row: RawRow, fieldIndexes: readonly number[]): ProviderRecord {
  const fields: Record<string, string | number | boolean | null> = {};
  for (let index = 0; index < table.columns.length; index++) {
    const column = table.columns[index]!;
    fields[column.fieldName] = column.codec.decode(row[fieldIndexes[index]!] ?? null);
  }
  return { id: String(fields.id), fields, raw: toRawRecord(fields) };
}
