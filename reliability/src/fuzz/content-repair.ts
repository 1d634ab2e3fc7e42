/**
 * What JSON Schema cannot say about a create config, made true after generation so that a "valid" case
 * is valid for real: the refinements of the shared schema (an object's `objectName` equals its key; a
 * backfill period sets `days` or `fullHistory`; one condition per field; a field default sets exactly one
 * value; a schedule is a five-field cron; a provider value belongs to one app value of a field's value mapping) and the demo manifest's rules for `hubspot-sync` (provider `hubspot`; reads contacts, companies,
 * deals; writes nothing, so a generated write section keeps no object; no proxy).
 */
import { parseCron } from '@splice/schema';
import type { Path } from './mutations.js';

type Json = Record<string, unknown>;

export const readableObjects = ['contacts', 'companies', 'deals'] as const;
export const writableObjects: readonly string[] = [];

function own(map: unknown): [string, unknown][] {
  return map && typeof map === 'object' ? Object.keys(map).map((k) => [k, (map as Json)[k]]) : [];
}

function dedupeFilters(filters: unknown): unknown {
  if (!Array.isArray(filters)) return filters;
  const seen = new Set<unknown>();
  return filters.filter((filter: Json) => {
    if (seen.has(filter.fieldName)) return false;
    seen.add(filter.fieldName);
    return true;
  });
}

/**
 * Each provider value kept under the first app value that names it: a value mapping that names one twice
 * is refused by the shared schema. An app value left with no provider value goes.
 */
function dedupeValueMappings(mappings: unknown): void {
  for (const [, mapping] of own(mappings)) {
    const seen = new Set<unknown>();
    const fresh = (value: unknown) => !seen.has(value) && Boolean(seen.add(value));
    for (const [appValue, values] of own(mapping)) {
      const kept = Array.isArray(values) ? values.filter(fresh) : fresh(values) ? values : undefined;
      if (kept === undefined || (Array.isArray(kept) && kept.length === 0))
        delete (mapping as Json)[appValue];
      else (mapping as Json)[appValue] = kept;
    }
  }
}

/** Valid schedules a generated one is replaced by (picked by its length, so a case stays reproducible). */
const validSchedules = ['*/15 * * * *', '0 * * * *', '30 2 * * 1-5', '0 0 1 * *'];

function repairReadObject(object: Json): void {
  if (typeof object.schedule === 'string' && !parseCron(object.schedule).ok) {
    object.schedule = validSchedules[object.schedule.length % validSchedules.length];
  }
  const backfill = object.backfill as Json | undefined;
  if (backfill) {
    const period = backfill.defaultPeriod as Json;
    if (period.days === undefined && period.fullHistory === undefined) period.days = 0;
    if (backfill.fieldFilters) backfill.fieldFilters = dedupeFilters(backfill.fieldFilters);
  }
  if (object.fieldFilters) object.fieldFilters = dedupeFilters(object.fieldFilters);
  dedupeValueMappings(object.selectedValueMappings);
}

function repairWriteObject(object: Json): void {
  for (const [, setting] of own(object.selectedFieldSettings)) {
    const value = (setting as Json).default as Json | undefined;
    if (!value) continue;
    const set = (['stringValue', 'integerValue', 'booleanValue'] as const).filter(
      (k) => value[k] !== undefined,
    );
    if (set.length === 0) value.booleanValue = true;
    for (const extra of set.slice(1)) delete value[extra];
  }
}

/** Renames the map's entries to `names` (in order), each object's `objectName` set to its key. */
function renameObjects(map: unknown, names: readonly string[], repair: (o: Json) => void): Json {
  const out: Json = {};
  own(map)
    .slice(0, names.length)
    .forEach(([, object], i) => {
      const name = names[i] as string;
      const copy = { ...(object as Json), objectName: name };
      repair(copy);
      out[name] = copy;
    });
  return out;
}

export function repairContent(content: Json, random: () => number): void {
  content.provider = 'hubspot';
  if (content.read) {
    const names = [...readableObjects].sort(() => random() - 0.5);
    (content.read as Json).objects = renameObjects((content.read as Json).objects, names, repairReadObject);
  }
  if (content.write) {
    (content.write as Json).objects = renameObjects(
      (content.write as Json).objects,
      writableObjects,
      repairWriteObject,
    );
  }
  if (content.proxy) (content.proxy as Json).enabled = false;
}

/**
 * A BFF without the embedded service's extensions maps one provider value per app value, as the hosted
 * service does (a list is refused before any call): a valid case for it keeps the first of each list.
 */
export function oneProviderValueEach(content: Json): void {
  for (const [, object] of own((content.read as Json | undefined)?.objects)) {
    for (const [, mapping] of own((object as Json).selectedValueMappings)) {
      for (const [appValue, values] of own(mapping)) {
        if (Array.isArray(values)) (mapping as Json)[appValue] = values[0];
      }
    }
  }
}

/**
 * The config content a created installation must hold: what was sent, with the documented defaults
 * (`selectedFields` and `selectedFieldMappings` as empty maps; a field setting's `writeOnCreate` and
 * `writeOnUpdate` as `always`).
 */
export function expectedContent(sent: Json): Json {
  const content = JSON.parse(JSON.stringify(sent)) as Json;
  for (const [, object] of own((content.read as Json | undefined)?.objects)) {
    const o = object as Json;
    if (!Object.hasOwn(o, 'selectedFields')) o.selectedFields = {};
    if (!Object.hasOwn(o, 'selectedFieldMappings')) o.selectedFieldMappings = {};
  }
  for (const [, object] of own((content.write as Json | undefined)?.objects)) {
    for (const [, setting] of own((object as Json).selectedFieldSettings)) {
      const s = setting as Json;
      if (!Object.hasOwn(s, 'writeOnCreate')) s.writeOnCreate = 'always';
      if (!Object.hasOwn(s, 'writeOnUpdate')) s.writeOnUpdate = 'always';
    }
  }
  return content;
}

/** JSON with object keys sorted, own keys only (`__proto__` included, as JSON.parse makes it). */
export function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  if (value !== null && typeof value === 'object') {
    return `{${Object.keys(value)
      .sort()
      .map((k) => `${JSON.stringify(k)}:${canonical((value as Json)[k])}`)
      .join(',')}}`;
  }
  return JSON.stringify(value);
}

/** The first path where two JSON values differ, for a readable failure. */
export function firstDifference(a: unknown, b: unknown, path: Path = []): Path | undefined {
  if (canonical(a) === canonical(b)) return undefined;
  if (a && b && typeof a === 'object' && typeof b === 'object') {
    const keys = new Set([...Object.keys(a), ...Object.keys(b)]);
    const at = (o: unknown, key: string) => (Object.hasOwn(o as Json, key) ? (o as Json)[key] : undefined);
    for (const key of keys) {
      const diff = firstDifference(at(a, key), at(b, key), [...path, key]);
      if (diff) return diff;
    }
  }
  return path;
}
