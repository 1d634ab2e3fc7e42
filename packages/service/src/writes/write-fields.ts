/**
 * A written record's fields in the provider's terms. A record names each field by the builder's mapped name
 * (the installation's field mappings of the object's read config, then the manifest's fixed mappings: the
 * names the builder's deliveries carry) or by the provider's own field name, as search does; a string value
 * of a mapped name with a value mapping is written as the provider value it maps to. A name the provider's
 * object lacks, or a field the provider lets no one write, is an issue named by the record's member.
 */
import type { Issue, ObjectMetadata } from '@splice/schema';
import {
  fieldMappings,
  type MappingContext,
  problemTypes,
  providerValuesOf,
  resolveFieldName,
} from '@splice/schema';

/** The member names a record uses for itself rather than for a field. */
export const recordIdMember = 'id';

export interface ProviderFields {
  fields: Record<string, unknown>;
  issues: Issue[];
}

/**
 * `record`'s fields (without `id`) as provider fields and values. `at` is the record's place in the
 * request (`record`, `batch[3].record`), for the issues' names.
 */
export function toProviderFields(
  record: Record<string, unknown>,
  ctx: MappingContext,
  metadata: ObjectMetadata,
  at: string,
): ProviderFields {
  const mappings = fieldMappings(ctx);
  const fields: Record<string, unknown> = {};
  const givenAs = new Map<string, string>();
  const issues: Issue[] = [];
  for (const [name, value] of Object.entries(record)) {
    if (name === recordIdMember) continue;
    const resolved = mappings.has(name)
      ? resolveFieldName(name, ctx)
      : { requestedName: name, providerField: name };
    const { providerField } = resolved;
    const member = `${at}.${name}`;
    const field = Object.hasOwn(metadata.fields, providerField) ? metadata.fields[providerField] : undefined;
    if (!field) {
      issues.push({
        type: problemTypes.unknownField.type,
        detail: `"${name}" is neither a mapped name nor a field of the provider's "${metadata.name}".`,
        in: 'body',
        name: member,
        value: name,
      });
      continue;
    }
    if (field.readOnly) {
      issues.push({
        type: problemTypes.readOnlyField.type,
        detail: `The provider's "${providerField}" is read-only: no one can write it.`,
        in: 'body',
        name: member,
        value: name,
      });
      continue;
    }
    const earlier = givenAs.get(providerField);
    if (earlier !== undefined) {
      issues.push({
        type: problemTypes.validation.type,
        detail: `"${name}" and "${earlier}" both name the provider's "${providerField}": send one of them.`,
        in: 'body',
        name: member,
        value: name,
      });
      continue;
    }
    givenAs.set(providerField, name);
    const valueMapping = 'valueMapping' in resolved ? resolved.valueMapping : undefined;
    fields[providerField] =
      typeof value === 'string' && valueMapping && Object.hasOwn(valueMapping, value)
        ? // An app value standing for several provider values is written as the first of them.
          providerValuesOf(valueMapping[value]!)[0]
        : value;
  }
  return { fields, issues };
}
