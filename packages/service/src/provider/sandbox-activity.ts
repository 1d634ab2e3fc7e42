/**
 * A sandbox CRM that changes over time, so scheduled reads have something new to deliver.
 *
 * The generated data set ends in mid-2025 (./generate keeps it independent of the day it is built), which
 * would leave a "last 30 days" backfill empty. So on the first start the sandbox gets a recent past: a share
 * of each object's records is modified at random instants of the last `historyDays` days. From then on, a
 * seeded stream of changes runs at `changesPerMinute`: mostly updates of existing records (a new score, a new
 * head count, a new amount), sometimes a new record. Every change stamps `updatedAt` with the current time
 * in whole seconds, as CRMs store it.
 */

import { intBetween, mulberry32, type Random } from '@splice/sandbox-data';
import type { Database } from 'better-sqlite3';
import { sandboxTables } from './sandbox-tables.js';

const day = 86_400_000;
/** The generator's last modification instant (2025-06-01): anything later was written by this module. */
const generatedUntil = Date.UTC(2025, 5, 1);

export interface SandboxActivityOptions {
  /** Changes per minute over the whole sandbox (the service passes the per-group rate times the groups). */
  changesPerMinute: number;
  seed?: number;
  /** How often changes are applied. Default 5 s. */
  tickMs?: number;
  now?: () => number;
  /** The recent past given to a fresh data set. Defaults: 60 days, 10% of records, at most 2,000 per object. */
  historyDays?: number;
  historyShare?: number;
  historyMaxPerObject?: number;
}

export interface SandboxActivity {
  /** Applies `count` changes now (the timer calls this; tests call it directly). */
  applyChanges(count: number): void;
  stop(): void;
}

const wholeSeconds = (ms: number): number => Math.floor(ms / 1000) * 1000;

function maxId(db: Database, table: string): number {
  return (db.prepare(`SELECT max("id") FROM ${table}`).pluck().get() as number | null) ?? 0;
}

function randomExistingId(db: Database, table: string, random: Random): number | undefined {
  const top = maxId(db, table);
  if (top === 0) return undefined;
  return db
    .prepare(`SELECT "id" FROM ${table} WHERE "id" >= ? ORDER BY "id" LIMIT 1`)
    .pluck()
    .get(intBetween(random, 1, top)) as number | undefined;
}

/** Gives a fresh data set its recent past; a no-op once done (it leaves records modified after 2025). */
export function seedRecentHistory(db: Database, options: SandboxActivityOptions): number {
  const now = (options.now ?? Date.now)();
  const random = mulberry32((options.seed ?? 7) ^ 0x5eed);
  const days = options.historyDays ?? 60;
  const share = options.historyShare ?? 0.1;
  const cap = options.historyMaxPerObject ?? 2_000;
  let touched = 0;
  db.transaction(() => {
    for (const table of sandboxTables.values()) {
      const latest = db.prepare(`SELECT max("updatedAt") FROM ${table.sql}`).pluck().get() as number | null;
      if (latest !== null && latest > generatedUntil + day) continue;
      const rows = db.prepare(`SELECT count(*) FROM ${table.sql}`).pluck().get() as number;
      const count = Math.min(cap, Math.floor(rows * share));
      const update = db.prepare(`UPDATE ${table.sql} SET "updatedAt" = ? WHERE "id" = ?`);
      for (let index = 0; index < count; index++) {
        const id = randomExistingId(db, table.sql, random);
        if (id === undefined) break;
        update.run(wholeSeconds(now - random() * days * day), id);
        touched++;
      }
    }
  })();
  return touched;
}

/** The field each object's updates change, and how. */
const updates: Record<string, { column: string; value: (random: Random) => number }> = {
  contacts: { column: 'score', value: (random) => intBetween(random, 0, 100) },
  companies: { column: 'employees', value: (random) => intBetween(random, 1, 5_000) },
  deals: { column: 'amount', value: (random) => Math.round(random() * 5_000_000) / 100 },
};
const objectWeights: Array<[string, number]> = [
  ['contacts', 0.6],
  ['companies', 0.15],
  ['deals', 0.25],
];

/** Starts the timer of changes; `changesPerMinute` 0 starts nothing but still seeds the recent past. */
export function startSandboxActivity(db: Database, options: SandboxActivityOptions): SandboxActivity {
  const now = options.now ?? Date.now;
  const random = mulberry32(options.seed ?? 7);
  seedRecentHistory(db, options);

  function pickObject(): string {
    let roll = random();
    for (const [name, weight] of objectWeights) {
      roll -= weight;
      if (roll <= 0) return name;
    }
    return 'contacts';
  }

  function applyOne(time: number): void {
    const objectName = pickObject();
    const table = sandboxTables.get(objectName)!;
    const id = randomExistingId(db, table.sql, random);
    if (id === undefined) return;
    if (random() < 0.8) {
      const change = updates[objectName]!;
      db.prepare(`UPDATE ${table.sql} SET "${change.column}" = ?, "updatedAt" = ? WHERE "id" = ?`).run(
        change.value(random),
        time,
        id,
      );
      return;
    }
    // A new record: a copy of an existing one under the next id, created now. Emails carry the id, so the
    // copy's email is rewritten to stay unique.
    const newId = maxId(db, table.sql) + 1;
    const columns = table.columns.map((column) => column.sql);
    const values = table.columns.map((column) => {
      if (column.fieldName === 'id') return '?';
      if (column.fieldName === 'createdAt' || column.fieldName === 'updatedAt') return '?';
      if (column.fieldName === 'email') return `replace("email", '${id}@', '${newId}@')`;
      return column.sql;
    });
    const params = table.columns
      .filter((column) => ['id', 'createdAt', 'updatedAt'].includes(column.fieldName))
      .map((column) => (column.fieldName === 'id' ? newId : time));
    db.prepare(
      `INSERT INTO ${table.sql} (${columns.join(', ')}) SELECT ${values.join(', ')} FROM ${table.sql} WHERE "id" = ?`,
    ).run(...params, id);
  }

  const activity: SandboxActivity = {
    applyChanges(count) {
      const time = wholeSeconds(now());
      db.transaction(() => {
        for (let index = 0; index < count; index++) applyOne(time);
      })();
    },
    stop() {
      clearInterval(timer);
    },
  };

  let owed = 0;
  let last = now();
  const timer = setInterval(() => {
    const current = now();
    owed += (options.changesPerMinute * (current - last)) / 60_000;
    last = current;
    const count = Math.floor(owed);
    if (count > 0) {
      owed -= count;
      activity.applyChanges(count);
    }
  }, options.tickMs ?? 5_000);
  timer.unref();
  if (options.changesPerMinute <= 0) clearInterval(timer);
  return activity;
}
