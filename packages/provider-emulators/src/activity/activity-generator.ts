/**
 * An emulated account that changes over time, so incremental reads have something new to find (and,
 * when asked, that has a recent past, so a read of the last days has something to find): mostly
 * updates of existing records (a contact's lead status, job title or phone, a company's head count, a deal
 * moving to its next stage), sometimes a new record, now and then a deletion. Written once for both
 * emulators: each gives an `ActivityTarget` that applies a change in its provider's own names and values,
 * and its store stamps the record's modification time with the emulator's clock.
 */
import { mulberry32, pick, type Random, type SandboxRecord } from '@splice/sandbox-data';
import type { GeneratedRecords, RecordKind } from './generated-records.js';

export type ChangeKind = 'created' | 'updated' | 'deleted';

/** One change the generator made, in the provider's names: `contacts` for HubSpot, `Contact` for Salesforce. */
export interface ChangedRecord {
  objectType: string;
  id: string;
  kind: ChangeKind;
}

/** The draws an update takes its new values from. */
export interface ChangeDraw {
  random: Random;
  /** A new person from the generator, to borrow a realistic value from (a job title, a phone). */
  person(): SandboxRecord;
  now: number;
}

/** What an emulator's store offers the generator, in its provider's names and values. */
export interface ActivityTarget {
  objectType(kind: RecordKind): string;
  /** The ids of the kind's live records. */
  liveIds(kind: RecordKind): readonly string[];
  /** Stores a new record made from a generated one; undefined when it would repeat a unique value. */
  create(kind: RecordKind, source: SandboxRecord): string | undefined;
  update(kind: RecordKind, id: string, draw: ChangeDraw): void;
  /** Archives (HubSpot) or deletes (Salesforce) the record. */
  remove(kind: RecordKind, id: string): void;
  /** Sets the record's modification time to an instant of its recent past, as if it changed then. */
  backdate(kind: RecordKind, id: string, at: number): void;
}

export interface ActivityOptions {
  /** Changes per minute the timer applies; 0 (the default) keeps the account still. */
  changesPerMinute?: number;
  /** How often the timer applies the changes it owes (default 1 s). */
  tickMs?: number;
  /**
   * Days of recent past given to the account at the start (default 0: none): a share of each object's
   * records (`historyShare`, default a tenth, at most `historyMaxPerObject`, default 2,000) modified at
   * instants of those days. The generated data set ends in mid-2025, so without it a read of the last 30
   * days finds nothing.
   */
  historyDays?: number;
  historyShare?: number;
  historyMaxPerObject?: number;
}

export interface Activity {
  /** Applies `count` changes now and says which records they touched, in order. */
  applyChanges(count: number): ChangedRecord[];
  /** Stops the timer (applyChanges still works). */
  stop(): void;
}

const kindWeights: ReadonlyArray<readonly [RecordKind, number]> = [
  ['contact', 0.6],
  ['company', 0.15],
  ['deal', 0.25],
];
const recordKinds: readonly RecordKind[] = ['contact', 'company', 'deal'];
const day = 86_400_000;
const createShare = 0.2;
const deleteShare = 0.05;
/** A generated record whose unique value is taken is replaced by the next one, a few times at most. */
const createAttempts = 5;

function pickKind(random: Random): RecordKind {
  let roll = random();
  for (const [kind, weight] of kindWeights) {
    roll -= weight;
    if (roll < 0) return kind;
  }
  return 'contact';
}

/** A generated record as made now: its deal's close date as far ahead of today as the generator put it. */
function madeNow(source: SandboxRecord, now: number): SandboxRecord {
  const iso = new Date(now).toISOString();
  const record: SandboxRecord = { ...source, createdAt: iso, updatedAt: iso };
  if (typeof source.closeDate === 'string' && typeof source.createdAt === 'string') {
    const ahead = Date.parse(`${source.closeDate}T00:00:00Z`) - Date.parse(source.createdAt);
    record.closeDate = new Date(now + Math.max(ahead, 0)).toISOString().slice(0, 10);
  }
  return record;
}

/** A live record of the kind, drawn at random; undefined when there is none. */
function randomLiveId(target: ActivityTarget, kind: RecordKind, random: Random): string | undefined {
  const ids = target.liveIds(kind);
  return ids.length === 0 ? undefined : pick(random, ids);
}

/**
 * Gives the account its recent past: distinct records of each kind modified at whole-second instants of
 * the last `days` days. Answers how many records it moved.
 */
function seedRecentHistory(
  target: ActivityTarget,
  random: Random,
  now: number,
  options: ActivityOptions,
): number {
  const days = options.historyDays ?? 0;
  if (days <= 0) return 0;
  let moved = 0;
  for (const kind of recordKinds) {
    const ids = target.liveIds(kind);
    const share = Math.min(options.historyShare ?? 0.1, 1);
    const count = Math.min(options.historyMaxPerObject ?? 2_000, Math.floor(ids.length * share));
    const chosen = new Set<string>();
    while (chosen.size < count) chosen.add(pick(random, ids));
    for (const id of chosen) {
      target.backdate(kind, id, Math.floor((now - random() * days * day) / 1000) * 1000);
      moved++;
    }
  }
  return moved;
}

export function startActivity(
  target: ActivityTarget,
  records: GeneratedRecords,
  options: ActivityOptions & { seed: number; now: () => number },
): Activity {
  const random = mulberry32(options.seed);
  const now = options.now;
  seedRecentHistory(target, random, now(), options);

  function create(kind: RecordKind): ChangedRecord | undefined {
    for (let attempt = 0; attempt < createAttempts; attempt++) {
      const id = target.create(kind, madeNow(records.next(kind), now()));
      if (id !== undefined) return { objectType: target.objectType(kind), id, kind: 'created' };
    }
    return undefined;
  }

  function applyOne(): ChangedRecord | undefined {
    const kind = pickKind(random);
    const roll = random();
    const id = roll < createShare ? undefined : randomLiveId(target, kind, random);
    if (id === undefined) return create(kind);
    // Companies are not deleted: in Salesforce that would take their contacts and opportunities with them.
    if (roll >= 1 - deleteShare && kind !== 'company') {
      target.remove(kind, id);
      return { objectType: target.objectType(kind), id, kind: 'deleted' };
    }
    target.update(kind, id, { random, person: () => records.next('contact'), now: now() });
    return { objectType: target.objectType(kind), id, kind: 'updated' };
  }

  const activity: Activity = {
    applyChanges(count) {
      const changed: ChangedRecord[] = [];
      for (let index = 0; index < count; index++) {
        const change = applyOne();
        if (change) changed.push(change);
      }
      return changed;
    },
    stop() {
      if (timer) clearInterval(timer);
    },
  };

  const perMinute = options.changesPerMinute ?? 0;
  let timer: ReturnType<typeof setInterval> | undefined;
  if (perMinute > 0) {
    // Changes owed accumulate between ticks, so any rate, however low, is met on average. They are
    // counted in change-milliseconds (rate times elapsed time), which stay whole where a sum of fractions
    // of a change would fall just short of the next one.
    let owed = 0;
    let last = now();
    timer = setInterval(() => {
      const current = now();
      owed += perMinute * (current - last);
      last = current;
      const due = Math.floor(owed / 60_000);
      if (due > 0) {
        owed -= due * 60_000;
        // A failing change must not end the process the emulator runs in (a demo's server): it is reported
        // and the account goes on changing.
        try {
          activity.applyChanges(due);
        } catch (error) {
          process.emitWarning(`The emulated account's activity failed to apply a change: ${String(error)}`);
        }
      }
    }, options.tickMs ?? 1_000);
    timer.unref();
  }
  return activity;
}
