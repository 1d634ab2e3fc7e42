import fs from 'node:fs';
import path from 'node:path';
import type { WebhookMessage } from '@splice/bff/webhooks';
import type { Database } from 'better-sqlite3';
import Sqlite from 'better-sqlite3';
import type { ImportedRecordsPage } from '../src/records-api.js';

interface Row {
  object_name: string;
  record_id: string;
  read_type: string;
  operation_id: string | null;
  mapped_fields: string;
  fields: string;
  received_at: string;
}

/**
 * Northwind's own table of the CRM records Splice delivered, in its own SQLite file beside the
 * service's. Keyed by group, object and record id: a record delivered again (a retry, or a later read
 * after it changed) replaces the earlier copy, so the table holds each record once, in its latest state.
 */
export function openImportedRecords(dataDir: string) {
  fs.mkdirSync(dataDir, { recursive: true });
  const db: Database = new Sqlite(path.join(dataDir, 'northwind.db'));
  db.pragma('journal_mode = WAL');
  // The receiver answers 2xx only after the write: FULL makes "answered" mean "on disk".
  db.pragma('synchronous = FULL');
  db.exec(`CREATE TABLE IF NOT EXISTS imported_records (
    group_ref TEXT NOT NULL,
    object_name TEXT NOT NULL,
    record_id TEXT NOT NULL,
    read_type TEXT NOT NULL,
    operation_id TEXT,
    mapped_fields TEXT NOT NULL,
    fields TEXT NOT NULL,
    received_at TEXT NOT NULL,
    seq INTEGER NOT NULL,
    PRIMARY KEY (group_ref, object_name, record_id)
  );
  CREATE INDEX IF NOT EXISTS imported_records_latest ON imported_records (group_ref, seq DESC);`);

  const upsert = db.prepare(`INSERT INTO imported_records
      (group_ref, object_name, record_id, read_type, operation_id, mapped_fields, fields, received_at, seq)
    VALUES (@groupRef, @objectName, @recordId, @readType, @operationId, @mappedFields, @fields, @receivedAt,
      @seq)
    ON CONFLICT (group_ref, object_name, record_id) DO UPDATE SET read_type = excluded.read_type,
      operation_id = excluded.operation_id, mapped_fields = excluded.mapped_fields, fields = excluded.fields,
      received_at = excluded.received_at, seq = excluded.seq`);
  const counts = db.prepare<[string], { object_name: string; n: number }>(
    'SELECT object_name, count(*) AS n FROM imported_records WHERE group_ref = ? GROUP BY object_name',
  );
  const latest = db.prepare<[string, number], Row>(
    'SELECT * FROM imported_records WHERE group_ref = ? ORDER BY seq DESC LIMIT ?',
  );
  const latestOfObject = db.prepare<[string, string, number], Row>(
    'SELECT * FROM imported_records WHERE group_ref = ? AND object_name = ? ORDER BY seq DESC LIMIT ?',
  );

  // Arrival order, for "latest first"; one process writes, so a counter read once at start suffices.
  let seq = (db.prepare('SELECT coalesce(max(seq), 0) AS seq FROM imported_records').get() as { seq: number })
    .seq;

  const saveMessage = db.transaction((message: WebhookMessage, receivedAt: string) => {
    for (const [index, entry] of (message.result ?? []).entries()) {
      upsert.run({
        groupRef: message.groupRef,
        objectName: message.objectName,
        // A record without an id (never for reads, but the message shape allows it) is kept by position.
        recordId: entry.id ?? `${message.operationId ?? 'op'}#${index}`,
        readType: message.readType ?? 'unknown',
        operationId: message.operationId ?? null,
        mappedFields: JSON.stringify(entry.mappedFields ?? {}),
        fields: JSON.stringify(entry.fields ?? {}),
        receivedAt,
        seq: ++seq,
      });
    }
  });

  return {
    /** Northwind's database, which its activity feed shares (./activity.ts). */
    db,
    /** Stores every record of a message in one transaction: all of them, or none (and a 500). */
    save(message: WebhookMessage): void {
      saveMessage(message, new Date().toISOString());
    },
    /** The counts of every object, and the latest records of one object (`objectName`) or of all. */
    page(groupRef: string, limit: number, objectName?: string): ImportedRecordsPage {
      const byObject: Record<string, number> = {};
      let total = 0;
      for (const row of counts.all(groupRef)) {
        byObject[row.object_name] = row.n;
        total += row.n;
      }
      const rows =
        objectName === undefined
          ? latest.all(groupRef, limit)
          : latestOfObject.all(groupRef, objectName, limit);
      const records = rows.map((row) => ({
        objectName: row.object_name,
        recordId: row.record_id,
        readType: row.read_type,
        operationId: row.operation_id,
        mappedFields: JSON.parse(row.mapped_fields) as Record<string, unknown>,
        fields: JSON.parse(row.fields) as Record<string, unknown>,
        receivedAt: row.received_at,
      }));
      return { counts: byObject, total, records };
    },
    close(): void {
      db.close();
    },
  };
}

export type ImportedRecords = ReturnType<typeof openImportedRecords>;
