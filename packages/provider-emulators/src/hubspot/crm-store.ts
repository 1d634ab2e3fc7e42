/**
 * The emulated account's records, in memory (a restart starts from the generated data set again): each
 * object type's records in ascending id order, so a list page is a slice and its cursor the next id.
 */
import type { CrmRecord } from './crm-record.js';
import { HubSpotError } from './errors.js';
import { lastModifiedProperty, type ObjectType, objectTypes, singularName } from './object-types.js';
import { checkPropertyValues } from './property-values.js';
import { SearchIndex } from './search-index.js';

/** The properties HubSpot keeps one record per value of, and the object types they belong to. */
const uniqueProperties: Partial<Record<ObjectType, string>> = { contacts: 'email' };

interface TypeTable {
  /** Ascending by numeric id: ids only grow, and archived records stay (a list with `archived=true`). */
  ordered: CrmRecord[];
  byId: Map<string, CrmRecord>;
  nextId: number;
  /** Over the live records as they were at the last write; dropped by the next one. */
  searchIndex?: SearchIndex;
  /**
   * Live records by their unique property's value (lower case), kept up to date by every write once
   * built: a write's uniqueness check is a lookup, not a scan of the account.
   */
  byUnique?: Map<string, CrmRecord>;
}

export class CrmStore {
  private readonly tables: Record<ObjectType, TypeTable>;

  constructor(
    records: Record<ObjectType, CrmRecord[]>,
    private readonly now: () => number = Date.now,
  ) {
    const table = (type: ObjectType): TypeTable => {
      const ordered = [...records[type]].sort((a, b) => Number(a.id) - Number(b.id));
      const last = ordered.at(-1);
      return {
        ordered,
        byId: new Map(ordered.map((r) => [r.id, r])),
        nextId: last ? Number(last.id) + 1 : 1,
      };
    };
    this.tables = Object.fromEntries(objectTypes.map((type) => [type, table(type)])) as Record<
      ObjectType,
      TypeTable
    >;
  }

  /** The live (or, with `archived`, only the archived) records of a type, from the id `after` on. */
  page(type: ObjectType, options: { after?: string; limit: number; archived: boolean }) {
    const { ordered } = this.tables[type];
    const start = options.after === undefined ? 0 : firstAtOrAfter(ordered, Number(options.after));
    const results: CrmRecord[] = [];
    let index = start;
    for (; index < ordered.length && results.length < options.limit; index++) {
      const record = ordered[index]!;
      if (record.archived === options.archived) results.push(record);
    }
    while (index < ordered.length && ordered[index]!.archived !== options.archived) index++;
    return { results, nextAfter: ordered[index]?.id };
  }

  /** Every live record of a type, in id order (search filters these). */
  live(type: ObjectType): CrmRecord[] {
    return this.tables[type].ordered.filter((record) => !record.archived);
  }

  /** The search index over the live records of a type (built again after a write to the type). */
  searchIndex(type: ObjectType): SearchIndex {
    const table = this.tables[type];
    table.searchIndex ??= new SearchIndex(type, this.live(type));
    return table.searchIndex;
  }

  /** A live record by id, or by a unique property's value (`idProperty`); undefined when none. */
  find(type: ObjectType, id: string, idProperty?: string): CrmRecord | undefined {
    const record =
      idProperty === undefined || idProperty === 'hs_object_id'
        ? this.tables[type].byId.get(id)
        : idProperty === uniqueProperties[type]
          ? this.uniqueIndex(type).get(id.toLowerCase())
          : this.live(type).find((r) => r.properties[idProperty]?.toLowerCase() === id.toLowerCase());
    return record && !record.archived ? record : undefined;
  }

  private uniqueIndex(type: ObjectType): Map<string, CrmRecord> {
    const table = this.tables[type];
    const name = uniqueProperties[type];
    if (!table.byUnique) {
      table.byUnique = new Map();
      for (const record of this.live(type)) {
        const value = name === undefined ? undefined : record.properties[name];
        if (value) table.byUnique.set(value.toLowerCase(), record);
      }
    }
    return table.byUnique;
  }

  /** Keeps the unique index (once built) in step with a record whose unique value may have changed. */
  private reindex(type: ObjectType, record: CrmRecord, before: string | null | undefined): void {
    const index = this.tables[type].byUnique;
    const name = uniqueProperties[type];
    if (!index || name === undefined) return;
    const after = record.archived ? undefined : record.properties[name];
    if (before && index.get(before.toLowerCase()) === record) index.delete(before.toLowerCase());
    if (after) index.set(after.toLowerCase(), record);
  }

  private uniqueValue(type: ObjectType, record: CrmRecord): string | null | undefined {
    const name = uniqueProperties[type];
    return name === undefined ? undefined : record.properties[name];
  }

  get(type: ObjectType, id: string, idProperty?: string): CrmRecord {
    const record = this.find(type, id, idProperty);
    if (!record) {
      throw new HubSpotError('OBJECT_NOT_FOUND', 'Object not found.  objectId are usually numeric.', {
        context: { id: [id] },
      });
    }
    return record;
  }

  /** Checks every input before writing any, as a HubSpot batch create fails whole on one bad input. */
  create(type: ObjectType, inputs: readonly unknown[]): CrmRecord[] {
    const checked = inputs.map((properties) => checkPropertyValues(type, properties));
    for (const properties of checked) this.assertUnique(type, properties);
    return checked.map((properties) => this.insert(type, properties));
  }

  /**
   * A record the account makes itself (the activity generator, HubSpot's own calculated properties):
   * its values are trusted, so they are not checked as a caller's are.
   */
  insert(type: ObjectType, properties: Readonly<Record<string, string | null>>): CrmRecord {
    const table = this.tables[type];
    const id = String(table.nextId++);
    const at = this.stampAfter();
    const record: CrmRecord = {
      id,
      properties: { ...properties, hs_object_id: id, createdate: at, [lastModifiedProperty[type]]: at },
      createdAt: at,
      updatedAt: at,
      archived: false,
    };
    table.ordered.push(record);
    table.byId.set(id, record);
    this.reindex(type, record, undefined);
    delete table.searchIndex;
    return record;
  }

  update(type: ObjectType, id: string, input: unknown, idProperty?: string): CrmRecord {
    const record = this.get(type, id, idProperty);
    const properties = checkPropertyValues(type, input);
    this.assertUnique(type, properties, record.id);
    return this.change(type, record, properties);
  }

  /** Writes trusted values into a live record and stamps its modification time. */
  change(
    type: ObjectType,
    record: CrmRecord,
    properties: Readonly<Record<string, string | null>>,
  ): CrmRecord {
    const at = this.stampAfter(record);
    const before = this.uniqueValue(type, record);
    Object.assign(record.properties, properties, { [lastModifiedProperty[type]]: at });
    this.reindex(type, record, before);
    record.updatedAt = at;
    delete this.tables[type].searchIndex;
    return record;
  }

  /**
   * Sets a live record's modification time to another instant (never before its creation), as if its last
   * change happened then: the account's recent past, given at the start. Nothing else of the record changes.
   */
  backdate(type: ObjectType, id: string, at: number): void {
    const record = this.get(type, id);
    const iso = new Date(Math.max(at, Date.parse(record.createdAt))).toISOString();
    record.properties[lastModifiedProperty[type]] = iso;
    record.updatedAt = iso;
    delete this.tables[type].searchIndex;
  }

  /** Archiving is idempotent: an unknown or already archived id is not an error, as in HubSpot. */
  archive(type: ObjectType, id: string): void {
    const record = this.tables[type].byId.get(id);
    if (!record || record.archived) return;
    record.archived = true;
    record.archivedAt = this.stampAfter(record);
    this.reindex(type, record, this.uniqueValue(type, record));
    delete this.tables[type].searchIndex;
  }

  /**
   * Now, as the ISO instant a write stamps, but always after the record's last stamp: two writes to one
   * record within a millisecond still get distinct modification times, so a read by modification time
   * can tell them apart.
   */
  private stampAfter(record?: CrmRecord): string {
    const previous = record ? Date.parse(record.updatedAt) : Number.NEGATIVE_INFINITY;
    return new Date(Math.max(this.now(), previous + 1)).toISOString();
  }

  private assertUnique(type: ObjectType, properties: Record<string, string | null>, selfId?: string) {
    const name = uniqueProperties[type];
    const value = name === undefined ? undefined : properties[name];
    if (name === undefined || !value) return;
    const existing = this.find(type, value, name);
    if (existing && existing.id !== selfId) {
      const label = singularName[type].charAt(0) + singularName[type].slice(1).toLowerCase();
      throw new HubSpotError('CONFLICT', `${label} already exists. Existing ID: ${existing.id}`);
    }
  }
}

/** The index of the first record whose id is at least `id` (binary search over ascending ids). */
function firstAtOrAfter(ordered: readonly CrmRecord[], id: number): number {
  let low = 0;
  let high = ordered.length;
  while (low < high) {
    const mid = (low + high) >>> 1;
    if (Number(ordered[mid]!.id) < id) low = mid + 1;
    else high = mid;
  }
  return low;
}
