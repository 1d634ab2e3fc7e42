/**
 * The installation's write defaults for one object (`selectedFieldSettings`, and the deprecated
 * `selectedValueDefaults`), keyed by provider field name as the wizard stores them. A default fills a field
 * the request leaves out: on create unless its setting says `writeOnCreate: never`; on update as
 * `writeOnUpdate` says, where `ifEmpty` needs the record's current value first. Where both maps name a
 * field, `selectedFieldSettings` wins.
 */
import type { FieldDefault, WriteObjectConfig } from '@splice/schema';

/** A default to write: always, or only where the record's current value is unset or an empty string. */
export interface PendingDefault {
  field: string;
  value: string | number | boolean;
  onlyIfEmpty: boolean;
}

function defaultValueOf(fieldDefault: FieldDefault): string | number | boolean | undefined {
  return fieldDefault.stringValue ?? fieldDefault.integerValue ?? fieldDefault.booleanValue;
}

/** The defaults a `create` or `update` of this object writes, before looking at the request's fields. */
export function defaultsFor(config: WriteObjectConfig, type: 'create' | 'update'): PendingDefault[] {
  const defaults = new Map<string, PendingDefault>();
  for (const [field, legacy] of Object.entries(config.selectedValueDefaults ?? {})) {
    if (type === 'update' && legacy.applyOnUpdate === 'never') continue;
    defaults.set(field, { field, value: legacy.value, onlyIfEmpty: false });
  }
  for (const [field, setting] of Object.entries(config.selectedFieldSettings ?? {})) {
    const value = setting.default ? defaultValueOf(setting.default) : undefined;
    const when =
      type === 'create' ? (setting.writeOnCreate ?? 'always') : (setting.writeOnUpdate ?? 'always');
    if (value === undefined || when === 'never') {
      // A setting that writes nothing here also stops a legacy default of the same field.
      defaults.delete(field);
      continue;
    }
    defaults.set(field, { field, value, onlyIfEmpty: when === 'ifEmpty' });
  }
  return [...defaults.values()];
}

/** Whether a field's current value counts as empty for `ifEmpty`: unset, null or an empty string. */
export const isEmptyValue = (value: unknown): boolean =>
  value === undefined || value === null || value === '';

/**
 * `fields` with the defaults it leaves out added; `current` is the record's fields as the provider holds
 * them, needed only when a default is `ifEmpty`.
 */
export function withDefaults(
  fields: Record<string, unknown>,
  defaults: readonly PendingDefault[],
  current?: Record<string, unknown>,
): Record<string, unknown> {
  const filled = { ...fields };
  for (const pending of defaults) {
    if (Object.hasOwn(filled, pending.field)) continue;
    if (pending.onlyIfEmpty && !isEmptyValue(current?.[pending.field])) continue;
    filled[pending.field] = pending.value;
  }
  return filled;
}

/** The fields whose current values the `ifEmpty` defaults need, given the fields the request sets. */
export function fieldsToCheck(
  fields: Record<string, unknown>,
  defaults: readonly PendingDefault[],
): string[] {
  return defaults.filter((d) => d.onlyIfEmpty && !Object.hasOwn(fields, d.field)).map((d) => d.field);
}
