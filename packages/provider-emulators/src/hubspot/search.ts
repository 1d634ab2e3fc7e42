/**
 * `POST /crm/v3/objects/{objectType}/search`: filter groups (OR of groups, AND within one), sorts, a free
 * text `query`, and offset paging with HubSpot's limits: 200 results a page, 5 groups, 10 filters in a group
 * and 25 in all, and no page past the 10,000th result.
 */
import type { CrmRecord } from './crm-record.js';
import { validationError } from './errors.js';
import { lastModifiedProperty, type ObjectType } from './object-types.js';
import { propertyDefinitions } from './properties.js';
import { comparable } from './search-compare.js';
import { mergeById, type SearchIndex } from './search-index.js';

export const maxSearchLimit = 200;
export const maxSearchResults = 10_000;
const maxGroups = 5;
const maxFiltersPerGroup = 10;
const maxFilters = 25;

const operators = [
  'EQ',
  'NEQ',
  'LT',
  'LTE',
  'GT',
  'GTE',
  'BETWEEN',
  'IN',
  'NOT_IN',
  'HAS_PROPERTY',
  'NOT_HAS_PROPERTY',
  'CONTAINS_TOKEN',
  'NOT_CONTAINS_TOKEN',
] as const;
type Operator = (typeof operators)[number];

interface Filter {
  propertyName: string;
  operator: Operator;
  value?: unknown;
  highValue?: unknown;
  values?: unknown[];
}

export interface SearchRequest {
  filterGroups?: Array<{ filters?: Filter[] }>;
  sorts?: Array<string | { propertyName?: string; direction?: string }>;
  query?: string;
  properties?: string[];
  limit?: number;
  after?: string | number;
}

/** Free-text `query` looks in the properties HubSpot searches by default for each type. */
const queryProperties: Record<ObjectType, readonly string[]> = {
  contacts: ['firstname', 'lastname', 'email', 'phone'],
  companies: ['name', 'domain', 'phone'],
  deals: ['dealname'],
};

const tokens = (text: string) =>
  text
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean);

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** A CONTAINS_TOKEN value matches a whole word of the value; `*` stands for any characters. */
function containsToken(actual: string, token: string): boolean {
  const pattern = new RegExp(`^${token.toLowerCase().split('*').map(escapeRegExp).join('.*')}$`);
  return tokens(actual).some((word) => pattern.test(word)) || pattern.test(actual.toLowerCase());
}

function matches(type: ObjectType, record: CrmRecord, filter: Filter): boolean {
  const definition = propertyDefinitions[type].get(filter.propertyName);
  const actual = record.properties[filter.propertyName] ?? null;
  const has = actual !== null && actual !== '';
  const compare = (raw: unknown): number | undefined => {
    if (!has || raw === undefined || raw === null) return undefined;
    const a = comparable(definition, actual);
    const b = comparable(definition, String(raw));
    if (a === undefined || b === undefined) return undefined;
    return a < b ? -1 : a > b ? 1 : 0;
  };
  const oneOf = (values: unknown[] | undefined) => (values ?? []).some((value) => compare(value) === 0);
  switch (filter.operator) {
    case 'HAS_PROPERTY':
      return has;
    case 'NOT_HAS_PROPERTY':
      return !has;
    case 'EQ':
      return compare(filter.value) === 0;
    case 'NEQ':
      return compare(filter.value) !== 0;
    case 'LT':
      return (compare(filter.value) ?? 0) < 0;
    case 'LTE':
      return (compare(filter.value) ?? 1) <= 0;
    case 'GT':
      return (compare(filter.value) ?? 0) > 0;
    case 'GTE':
      return (compare(filter.value) ?? -1) >= 0;
    case 'BETWEEN':
      return (compare(filter.value) ?? -1) >= 0 && (compare(filter.highValue) ?? 1) <= 0;
    case 'IN':
      return oneOf(filter.values);
    case 'NOT_IN':
      return !oneOf(filter.values);
    case 'CONTAINS_TOKEN':
      return has && containsToken(actual, String(filter.value ?? ''));
    case 'NOT_CONTAINS_TOKEN':
      return !has || !containsToken(actual, String(filter.value ?? ''));
  }
}

function checkFilters(type: ObjectType, groups: NonNullable<SearchRequest['filterGroups']>) {
  if (groups.length > maxGroups) {
    throw validationError(`Too many filter groups: ${groups.length}, at most ${maxGroups} are allowed.`);
  }
  let total = 0;
  for (const group of groups) {
    const filters = group.filters ?? [];
    total += filters.length;
    if (filters.length > maxFiltersPerGroup) {
      throw validationError(`Too many filters in a group: ${filters.length}, at most ${maxFiltersPerGroup}.`);
    }
    for (const filter of filters) {
      if (!operators.includes(filter.operator)) {
        throw validationError(`Unknown filter operator "${String(filter.operator)}".`, [
          { message: `operator must be one of ${operators.join(', ')}`, in: 'operator' },
        ]);
      }
      if (!propertyDefinitions[type].has(filter.propertyName)) {
        throw validationError(
          `There was a problem with the request. Property ${filter.propertyName} not found.`,
          [{ message: `Property "${filter.propertyName}" does not exist`, in: 'propertyName' }],
        );
      }
    }
  }
  if (total > maxFilters) throw validationError(`Too many filters: ${total}, at most ${maxFilters} in all.`);
}

function sorter(type: ObjectType, sorts: NonNullable<SearchRequest['sorts']>) {
  const keys = sorts.map((sort) => {
    const { propertyName, direction } =
      typeof sort === 'string'
        ? {
            propertyName: sort.replace(/^-/, ''),
            direction: sort.startsWith('-') ? 'DESCENDING' : 'ASCENDING',
          }
        : sort;
    return { name: propertyName ?? 'hs_object_id', sign: direction === 'DESCENDING' ? -1 : 1 };
  });
  return (a: CrmRecord, b: CrmRecord): number => {
    for (const { name, sign } of keys) {
      const definition = propertyDefinitions[type].get(name);
      const x = comparable(definition, a.properties[name] ?? '');
      const y = comparable(definition, b.properties[name] ?? '');
      // Records without the value come last either way.
      if (x === undefined || y === undefined) {
        if (x !== y) return x === undefined ? 1 : -1;
        continue;
      }
      if (x !== y) return (x < y ? -1 : 1) * sign;
    }
    return Number(a.id) - Number(b.id);
  };
}

function isModifiedAscending(type: ObjectType, sort: NonNullable<SearchRequest['sorts']>[number]): boolean {
  const modified = lastModifiedProperty[type];
  return typeof sort === 'string'
    ? sort === modified
    : sort.propertyName === modified && sort.direction !== 'DESCENDING';
}

export interface SearchPage {
  total: number;
  results: CrmRecord[];
  nextAfter?: string;
}

type Group = { filters?: Filter[] };

/**
 * Records a search may match, and how: `byModified`, in order of modification time (else id order);
 * `exact`, every one of them matches the filter groups (else each is checked against them).
 */
interface Candidates {
  records: CrmRecord[];
  byModified: boolean;
  exact: boolean;
  /** An `EQ` or `IN` filter's records, one id-ordered list per value, no record in two. */
  lists?: CrmRecord[][];
}

/**
 * The records one filter group can match, from the index: those of an `EQ` or `IN` filter (id order), or
 * else those in the window of its bounds on the modification time (in that order); undefined when the
 * group has neither and every record must be looked at.
 */
function groupCandidates(index: SearchIndex, group: Group): Candidates | undefined {
  const filters = group.filters ?? [];
  const equal = filters.find((filter) => filter.operator === 'EQ' || filter.operator === 'IN');
  if (equal && (equal.operator === 'EQ' || equal.values === undefined || Array.isArray(equal.values))) {
    const values = equal.operator === 'EQ' ? [equal.value] : (equal.values ?? []);
    // The index keys by the value EQ compares, so a group of this filter alone needs no further check.
    const exact = filters.length === 1;
    const lists = index.equalLists(equal.propertyName, values);
    let merged: CrmRecord[] | undefined;
    return {
      get records() {
        merged ??= mergeById(lists);
        return merged;
      },
      lists,
      byModified: false,
      exact,
    };
  }
  const definition = propertyDefinitions[index.type].get(index.modifiedProperty);
  const instant = (raw: unknown) =>
    raw === undefined || raw === null ? undefined : comparable(definition, String(raw));
  let low: number | undefined;
  let high: number | undefined;
  let bounded = false;
  for (const filter of filters) {
    if (filter.propertyName !== index.modifiedProperty) continue;
    const from = filter.operator === 'GTE' || filter.operator === 'GT' || filter.operator === 'BETWEEN';
    const to = filter.operator === 'LTE' || filter.operator === 'LT';
    const lowValue = from ? instant(filter.value) : undefined;
    const highValue = to
      ? instant(filter.value)
      : filter.operator === 'BETWEEN'
        ? instant(filter.highValue)
        : undefined;
    // A bound that is not an instant matches nothing; the full check below says so.
    if (from && typeof lowValue !== 'number') return { records: [], byModified: true, exact: true };
    if ((to || filter.operator === 'BETWEEN') && typeof highValue !== 'number')
      return { records: [], byModified: true, exact: true };
    if (typeof lowValue === 'number') low = low === undefined ? lowValue : Math.max(low, lowValue);
    if (typeof highValue === 'number') high = high === undefined ? highValue : Math.min(high, highValue);
    bounded ||= from || to;
  }
  // Inclusive bounds alone select exactly the window; GT, LT or other filters are checked record by record.
  const exact = filters.every(
    (filter) =>
      filter.propertyName === index.modifiedProperty &&
      (filter.operator === 'GTE' || filter.operator === 'LTE' || filter.operator === 'BETWEEN'),
  );
  return bounded ? { records: index.modifiedBetween(low, high), byModified: true, exact } : undefined;
}

/** The records the filter groups can match, in id order, or undefined when every record may. */
function candidates(index: SearchIndex, groups: readonly Group[]): Candidates | undefined {
  if (groups.length === 0) return undefined;
  const each = [];
  for (const group of groups) {
    const found = groupCandidates(index, group);
    if (!found) return undefined;
    each.push(found);
  }
  if (each.length === 1) return each[0];
  const union = [...new Set(each.flatMap((found) => found.records))];
  return {
    records: union.sort((a, b) => Number(a.id) - Number(b.id)),
    byModified: false,
    exact: each.every((found) => found.exact),
  };
}

/**
 * `resultCap`: the last result a page may reach (HubSpot's 10,000; tests lower it to reach it quickly).
 * `index`: over the same `records`, to look only at the records a filter group can match.
 */
export function search(
  type: ObjectType,
  records: readonly CrmRecord[],
  request: SearchRequest,
  resultCap: number = maxSearchResults,
  index?: SearchIndex,
): SearchPage {
  const limit = request.limit ?? 10;
  if (!Number.isInteger(limit) || limit < 1 || limit > maxSearchLimit) {
    throw validationError(`limit must be between 1 and ${maxSearchLimit}, it was ${String(request.limit)}.`, [
      { message: `at most ${maxSearchLimit}`, in: 'limit' },
    ]);
  }
  const offset = request.after === undefined || request.after === '' ? 0 : Number(request.after);
  if (!Number.isInteger(offset) || offset < 0) {
    throw validationError(
      `after must be a paging cursor from a previous page, it was ${String(request.after)}.`,
    );
  }
  if (offset + limit > resultCap) {
    throw validationError(
      `Paging past the first ${resultCap} results is not supported; narrow the filters (e.g. by hs_object_id or a modification date) instead.`,
      [{ message: `after + limit must be at most ${resultCap}`, in: 'after' }],
    );
  }
  const groups = (request.filterGroups ?? []).filter((group) => (group.filters ?? []).length > 0);
  checkFilters(type, groups);
  const words = request.query ? tokens(request.query) : [];
  const narrowed = index ? candidates(index, groups) : undefined;
  const sorts = request.sorts ?? [];
  if (narrowed?.lists && narrowed.exact && words.length === 0 && sorts.length === 0) {
    // Exactly the lists' records, in id order: count them and merge only as far as the page reaches.
    const total = narrowed.lists.reduce((sum, list) => sum + list.length, 0);
    const results = mergeById(narrowed.lists, offset + limit).slice(offset);
    const next = offset + limit;
    const hasNext = next < total && next < resultCap;
    return { total, results, ...(hasNext && { nextAfter: String(next) }) };
  }
  const scanned = narrowed?.records ?? records;
  // The index's own arrays: copied before sorting.
  let found =
    narrowed?.exact && words.length === 0
      ? narrowed.records
      : scanned.filter(
          (record) =>
            (groups.length === 0 ||
              groups.some((group) =>
                (group.filters ?? []).every((filter) => matches(type, record, filter)),
              )) &&
            words.every((word) =>
              queryProperties[type].some((name) =>
                (record.properties[name] ?? '').toLowerCase().includes(word),
              ),
            ),
        );
  const sortedByModified = narrowed?.byModified && sorts.length === 1 && isModifiedAscending(type, sorts[0]!);
  const needsSort = sorts.length > 0 ? !sortedByModified : Boolean(narrowed?.byModified);
  if (needsSort) {
    if (found === narrowed?.records) found = [...found];
    // Candidates from the modification-time window are already in the order an ascending sort by it gives.
    found.sort(sorts.length > 0 ? sorter(type, sorts) : (a, b) => Number(a.id) - Number(b.id));
  }
  const results = found.slice(offset, offset + limit);
  const next = offset + limit;
  const hasNext = next < found.length && next < resultCap;
  return { total: found.length, results, ...(hasNext && { nextAfter: String(next) }) };
}
