import { limits } from '@splice/schema';

function asRecord(value: unknown): Record<string, unknown> {
  return value !== null && typeof value === 'object' && !Array.isArray(value)
    ? (value as Record<string, unknown>)
    : {};
}

function idOf(item: Record<string, unknown>): string | null {
  const fields = asRecord(item.fields);
  const raw = asRecord(item.raw);
  for (const candidate of [item.id, fields.id, raw.id, raw.Id, raw.ID]) {
    if (typeof candidate === 'string' && candidate.length > 0) return candidate;
    if (typeof candidate === 'number' && Number.isFinite(candidate)) return String(candidate);
  }
  return null;
}

/**
 * Accepts the interface's `{ results: [...] }` and the hosted variant `{ result: [...] }` (items possibly
 * without `id`, or no list at all), and returns one shape. Only one page exists
 * (docs/service-interface.md#limits), so it is cut at the page limit.
 */
export function normaliseSearchAnswer(json: unknown): unknown {
  const answer = asRecord(json);
  const items = Array.isArray(answer.results)
    ? answer.results
    : Array.isArray(answer.result)
      ? answer.result
      : null;
  // The hosted description makes `result` optional: an object without either list found nothing.
  if (!items)
    return json !== null && typeof json === 'object' && !Array.isArray(json) ? { results: [] } : json;
  return {
    results: items.slice(0, limits.searchPage).map((value) => {
      const item = asRecord(value);
      return {
        id: idOf(item),
        fields: asRecord(item.fields),
        mappedFields: asRecord(item.mappedFields),
        raw: asRecord(item.raw),
      };
    }),
  };
}
