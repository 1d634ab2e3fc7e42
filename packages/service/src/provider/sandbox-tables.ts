/**
 * The sandbox CRM's tables inside the service's SQLite database, and their seeding.
 *
 * One table per object (`sandboxcrm_<object>`), one typed column per field (see ./sandbox-columns), the id
 * as INTEGER PRIMARY KEY (the rowid: no separate id index, rows stored in id order), and one single-column
 * index per other field, so an `eq` on any field is an index lookup whose entries are already in id order:
 * the first page of a search stops after `limit` matches instead of sorting every match.
 *
 * The tables are owned here, not by the store's migrations: they are regenerable data, dropped and rebuilt
 * whenever the requested seed, counts or generator version differ from what `provider_meta` records.
 */

import {
  defaultSandboxCounts,
  defaultSandboxSeed,
  generateSandboxData,
  generatorVersion,
  type SandboxCounts,
  type SandboxRecord,
} from '@splice/sandbox-data';
import type { ObjectMetadata } from '@splice/schema';
import type { Database } from 'better-sqlite3';
import { type ColumnCodec, codecFor } from './sandbox-columns.js';
import { sandboxObjects } from './sandbox-crm-metadata.js';

export const providerName = 'sandboxcrm';

export interface SandboxColumn {
  fieldName: string;
  /** Quoted SQL identifier. Field names come only from the metadata, never from a request. */
  sql: string;
  codec: ColumnCodec;
}

export interface SandboxTable {
  objectName: string;
  /** Quoted SQL identifier. */
  sql: string;
  columns: readonly SandboxColumn[];
  columnsByField: ReadonlyMap<string, SandboxColumn>;
}

const quote = (identifier: string): string => `"${identifier.replaceAll('"', '""')}"`;

function tableFor(metadata: ObjectMetadata): SandboxTable {
  const columns = Object.values(metadata.fields).map((field) => ({
    fieldName: field.fieldName,
    sql: quote(field.fieldName),
    codec: codecFor(field),
  }));
  return {
    objectName: metadata.name,
    sql: quote(`${providerName}_${metadata.name}`),
    columns,
    columnsByField: new Map(columns.map((column) => [column.fieldName, column])),
  };
}

export const sandboxTables: ReadonlyMap<string, SandboxTable> = new Map(
  Object.values(sandboxObjects).map((metadata) => [metadata.name, tableFor(metadata)]),
);

export interface SeedOptions extends Partial<SandboxCounts> {
  /** PRNG seed; a different seed is a different (equally deterministic) data set. */
  seed?: number;
}

export interface SeedResult {
  /** False when the stored data set already matched and nothing was written. */
  seeded: boolean;
  counts: SandboxCounts;
  seed: number;
  durationMs: number;
}

interface StoredMeta {
  generatorVersion: number;
  seed: number;
  counts: SandboxCounts;
}

/**
 * Makes the sandbox tables hold exactly the data set for `options` (defaults: 5,000 contacts, 500 companies,
 * 2,000 deals). A no-op when they already do, so it is cheap to call at every start.
 */
export function seedSandboxData(db: Database, options: SeedOptions = {}): SeedResult {
  const started = performance.now();
  const counts: SandboxCounts = {
    contacts: options.contacts ?? defaultSandboxCounts.contacts,
    companies: options.companies ?? defaultSandboxCounts.companies,
    deals: options.deals ?? defaultSandboxCounts.deals,
  };
  for (const [object, count] of Object.entries(counts)) {
    if (!Number.isSafeInteger(count) || count < 0) throw new RangeError(`invalid ${object} count: ${count}`);
  }
  const wanted: StoredMeta = { generatorVersion, seed: options.seed ?? defaultSandboxSeed, counts };

  ensureMetaTable(db);
  const stored = readMeta(db);
  if (stored !== undefined && sameMeta(stored, wanted) && tablesExist(db)) {
    return { seeded: false, counts, seed: wanted.seed, durationMs: performance.now() - started };
  }

  // A bigger page cache while building indexes over a million rows; restored afterwards so the service's
  // steady-state memory stays at SQLite's default.
  const cacheSize = db.pragma('cache_size', { simple: true }) as number;
  db.pragma('cache_size = -131072');
  try {
    db.transaction(() => {
      for (const table of sandboxTables.values()) db.exec(`DROP TABLE IF EXISTS ${table.sql}`);
      for (const table of sandboxTables.values()) createTable(db, table);
      const data = generateSandboxData(counts, wanted.seed);
      insertRows(db, sandboxTables.get('companies')!, data.companies);
      insertRows(db, sandboxTables.get('contacts')!, data.contacts);
      insertRows(db, sandboxTables.get('deals')!, data.deals);
      // Indexes after the rows: one sort per index instead of a million random B-tree inserts each.
      for (const table of sandboxTables.values()) createIndexes(db, table);
      // Statistics let the planner pick the more selective index for an AND of filters. A sampled ANALYZE
      // keeps this to milliseconds at a million rows.
      db.pragma('analysis_limit = 1000');
      for (const table of sandboxTables.values()) db.exec(`ANALYZE ${table.sql}`);
      db.prepare(`INSERT OR REPLACE INTO provider_meta (provider, value) VALUES (?, ?)`).run(
        providerName,
        JSON.stringify(wanted),
      );
    }).immediate();
  } finally {
    db.pragma(`cache_size = ${cacheSize}`);
  }
  // The generated data went through the WAL; fold it into the main file now rather than on some later request.
  db.pragma('wal_checkpoint(TRUNCATE)');
  return { seeded: true, counts, seed: wanted.seed, durationMs: performance.now() - started };
}

function ensureMetaTable(db: Database): void {
  db.exec('CREATE TABLE IF NOT EXISTS provider_meta (provider TEXT PRIMARY KEY, value TEXT NOT NULL)');
}

function readMeta(db: Database): StoredMeta | undefined {
  const value = db.prepare('SELECT value FROM provider_meta WHERE provider = ?').pluck().get(providerName) as
    | string
    | undefined;
  return value === undefined ? undefined : (JSON.parse(value) as StoredMeta);
}

function sameMeta(a: StoredMeta, b: StoredMeta): boolean {
  return (
    a.generatorVersion === b.generatorVersion &&
    a.seed === b.seed &&
    a.counts.contacts === b.counts.contacts &&
    a.counts.companies === b.counts.companies &&
    a.counts.deals === b.counts.deals
  );
}

function tablesExist(db: Database): boolean {
  const names = new Set(
    db.prepare("SELECT name FROM sqlite_master WHERE type = 'table'").pluck().all() as string[],
  );
  return [...sandboxTables.keys()].every((object) => names.has(`${providerName}_${object}`));
}

function createTable(db: Database, table: SandboxTable): void {
  const columns = table.columns.map((column) =>
    column.fieldName === 'id' ? `${column.sql} INTEGER PRIMARY KEY` : `${column.sql} ${column.codec.sqlType}`,
  );
  db.exec(`CREATE TABLE ${table.sql} (${columns.join(', ')})`);
}

function createIndexes(db: Database, table: SandboxTable): void {
  for (const column of table.columns) {
    if (column.fieldName === 'id') continue;
    const index = quote(`${providerName}_${table.objectName}_by_${column.fieldName}`);
    db.exec(`CREATE INDEX ${index} ON ${table.sql} (${column.sql})`);
  }
}

function insertRows(db: Database, table: SandboxTable, records: Iterable<SandboxRecord>): void {
  const insert = db.prepare(
    `INSERT INTO ${table.sql} (${table.columns.map((c) => c.sql).join(', ')})
     VALUES (${table.columns.map(() => '?').join(', ')})`,
  );
  const row: Array<string | number | null> = new Array(table.columns.length);
  for (const record of records) {
    for (let index = 0; index < table.columns.length; index++) {
      const column = table.columns[index]!;
      row[index] = column.codec.encode(record[column.fieldName] ?? null);
    }
    insert.run(row);
  }
}
