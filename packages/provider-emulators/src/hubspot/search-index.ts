/**
 * Indexes over one object type's live records, so that a search narrows to the records a filter group can
 * match instead of scanning every record: equality (`EQ`, `IN`) by a property's comparable value, built the
 * first time a property is asked for, and the records in order of modification time (then id), for the
 * `GTE`/`LTE` window an incremental read asks for. They only choose candidates: every candidate is still
 * checked against all its filters, so the answers are the scan's. A write to the type replaces the index
 * (see `CrmStore.searchIndex`).
 */
import type { CrmRecord } from './crm-record.js';
import { lastModifiedProperty, type ObjectType } from './object-types.js';
import { propertyDefinitions } from './properties.js';
import { type Comparable, comparable } from './search-compare.js';

const byId = (a: CrmRecord, b: CrmRecord) => Number(a.id) - Number(b.id);

export class SearchIndex {
  private readonly equality = new Map<string, Map<Comparable, CrmRecord[]>>();
  private modified?: { at: number[]; records: CrmRecord[] };

  /** `records`: the type's live records in id order. */
  constructor(
    readonly type: ObjectType,
    readonly records: readonly CrmRecord[],
  ) {}

  get modifiedProperty(): string {
    return lastModifiedProperty[this.type];
  }

  /**
   * The records whose `property` equals one of `values` (as `EQ` compares): one list per distinct value
   * that any record holds, each in id order, no record in two.
   */
  equalLists(property: string, values: readonly unknown[]): CrmRecord[][] {
    const definition = propertyDefinitions[this.type].get(property);
    const index = this.equalityOf(property);
    const lists: CrmRecord[][] = [];
    const seen = new Set<Comparable>();
    for (const raw of values) {
      if (raw === undefined || raw === null) continue;
      const key = comparable(definition, String(raw));
      if (key === undefined || seen.has(key)) continue;
      seen.add(key);
      const list = index.get(key);
      if (list) lists.push(list);
    }
    return lists;
  }

  /**
   * The records modified from `lowMs` to `highMs` (both inclusive, either open), in order of modification
   * time and then id: the order a sort by that property ascending gives.
   */
  modifiedBetween(lowMs: number | undefined, highMs: number | undefined): CrmRecord[] {
    const { at, records } = this.modifiedOrder();
    const start = lowMs === undefined ? 0 : firstIndex(at, (ms) => ms >= lowMs);
    const end = highMs === undefined ? at.length : firstIndex(at, (ms) => ms > highMs);
    return records.slice(start, Math.max(start, end));
  }

  private equalityOf(property: string): Map<Comparable, CrmRecord[]> {
    let index = this.equality.get(property);
    if (index) return index;
    index = new Map();
    const definition = propertyDefinitions[this.type].get(property);
    for (const record of this.records) {
      const actual = record.properties[property];
      if (actual === null || actual === undefined || actual === '') continue;
      const key = comparable(definition, actual);
      if (key === undefined) continue;
      const list = index.get(key);
      if (list) list.push(record);
      else index.set(key, [record]);
    }
    this.equality.set(property, index);
    return index;
  }

  private modifiedOrder() {
    if (this.modified) return this.modified;
    const definition = propertyDefinitions[this.type].get(this.modifiedProperty);
    const entries: { ms: number; record: CrmRecord }[] = [];
    for (const record of this.records) {
      const actual = record.properties[this.modifiedProperty];
      if (actual === null || actual === undefined || actual === '') continue;
      const ms = comparable(definition, actual);
      if (typeof ms === 'number') entries.push({ ms, record });
    }
    entries.sort((a, b) => a.ms - b.ms || byId(a.record, b.record));
    this.modified = { at: entries.map((e) => e.ms), records: entries.map((e) => e.record) };
    return this.modified;
  }
}

/**
 * The first `count` records of id-ordered lists, merged in id order (all of them when `count` is absent).
 * A list of its own is returned as it is: callers copy before changing it.
 */
export function mergeById(lists: readonly CrmRecord[][], count = Number.POSITIVE_INFINITY): CrmRecord[] {
  if (lists.length === 0) return [];
  if (lists.length === 1) return count >= lists[0]!.length ? lists[0]! : lists[0]!.slice(0, count);
  if (!Number.isFinite(count)) return lists.flat().sort(byId);
  const heads = lists.map(() => 0);
  const merged: CrmRecord[] = [];
  while (merged.length < count) {
    let best = -1;
    for (let list = 0; list < lists.length; list++) {
      const head = lists[list]![heads[list]!];
      if (head && (best < 0 || Number(head.id) < Number(lists[best]![heads[best]!]!.id))) best = list;
    }
    if (best < 0) break;
    merged.push(lists[best]![heads[best]!++]!);
  }
  return merged;
}

/** The first index whose value passes `test` (which is false, then true, along the ascending array). */
function firstIndex(sorted: readonly number[], test: (value: number) => boolean): number {
  let low = 0;
  let high = sorted.length;
  while (low < high) {
    const mid = (low + high) >>> 1;
    if (test(sorted[mid]!)) high = mid;
    else low = mid + 1;
  }
  return low;
}
