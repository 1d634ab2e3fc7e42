import { valueTypeSchema } from '@splice/schema';

/**
 * Fill-ins for what the hosted service's description leaves optional but the shapes of @splice/schema
 * require. Each is the sensible reading of an absent value, applied before the tolerant read; nothing
 * here invents data the upstream did not send, except where the gap has an obvious meaning.
 */

type Json = Record<string, unknown>;

function isRecord(value: unknown): value is Json {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}

/**
 * A provider field: a field without (or with an unknown) `valueType` is `other`, which the wizard offers
 * as text; a missing display name is the field's name; a picklist value without a display value shows
 * the value itself.
 */
function fillField(key: string, raw: unknown): unknown {
  if (!isRecord(raw)) return raw;
  const fieldName = typeof raw.fieldName === 'string' && raw.fieldName !== '' ? raw.fieldName : key;
  const displayName =
    typeof raw.displayName === 'string' && raw.displayName !== '' ? raw.displayName : fieldName;
  const valueType = valueTypeSchema.safeParse(raw.valueType).success ? raw.valueType : 'other';
  const values = Array.isArray(raw.values)
    ? raw.values.map((v) =>
        isRecord(v) && typeof v.value === 'string' && typeof v.displayValue !== 'string'
          ? { ...v, displayValue: v.value }
          : v,
      )
    : raw.values;
  return { ...raw, fieldName, displayName, valueType, ...(values === undefined ? {} : { values }) };
}

/** ObjectMetadata: `name` defaults to the object asked for; every field is filled as above. */
export function fillObjectMetadata(raw: unknown, objectName: string): unknown {
  if (!isRecord(raw)) return raw;
  const fields = isRecord(raw.fields)
    ? Object.fromEntries(
        Object.entries(raw.fields)
          .filter(([key]) => key !== '__proto__')
          .map(([key, field]) => [key, fillField(key, field)]),
      )
    : raw.fields;
  return { ...raw, name: typeof raw.name === 'string' && raw.name !== '' ? raw.name : objectName, fields };
}

/**
 * A manifest integration as the hosted service keeps it: `read` and `read.objects` may be absent (a
 * write-only integration), `write.objects` too, and `proxy.enabled`. Absent means "none" / "not enabled".
 */
export function fillIntegration(raw: unknown): unknown {
  if (!isRecord(raw) || !isRecord(raw.latestRevision) || !isRecord(raw.latestRevision.content)) return raw;
  const content = raw.latestRevision.content;
  const read = isRecord(content.read) ? content.read : {};
  const filled: Json = { ...content, read: { ...read, objects: read.objects ?? [] } };
  if (isRecord(content.write) && content.write.objects === undefined) filled.write = { objects: [] };
  if (isRecord(content.proxy) && typeof content.proxy.enabled !== 'boolean') {
    filled.proxy = { ...content.proxy, enabled: false };
  }
  return { ...raw, latestRevision: { ...raw.latestRevision, content: filled } };
}
