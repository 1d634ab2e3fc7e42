/**
 * A revision hydrated for one connection, as the hosted `getHydratedRevision` answers it: the manifest
 * entry with each read object's fields filled in from the provider's live metadata. A provider field the
 * manifest names gains its display name; `optionalFieldsAuto: all` becomes the object's remaining fields,
 * listed under `optionalFields`; mapping fields (no `fieldName`) keep their prompts and `mappedValues`.
 */
import type {
  FieldMetadata,
  HydratedReadObject,
  HydratedRevision,
  ManifestField,
  ManifestIntegration,
  ManifestReadObject,
  ObjectMetadata,
} from '@splice/schema';

/** What the provider answered for one object: its metadata, or why there is none. */
export type ObjectFields = { metadata: ObjectMetadata } | { error: string };

function hydratedField(field: ManifestField, fields: Record<string, FieldMetadata>): ManifestField {
  if (field.fieldName === undefined || field.displayName !== undefined) return field;
  return { ...field, displayName: fields[field.fieldName]?.displayName ?? field.fieldName };
}

function hydratedReadObject(object: ManifestReadObject, found: ObjectFields): HydratedReadObject {
  const base = {
    objectName: object.objectName,
    displayName: object.displayName ?? object.objectName,
    // The hosted shape requires both; an object the manifest gives none is read only on demand.
    destination: object.destination ?? '',
    schedule: object.schedule ?? '',
    ...(object.optionalFieldsAuto ? { optionalFieldsAuto: object.optionalFieldsAuto } : {}),
    ...(object.backfill ? { backfill: object.backfill } : {}),
  };
  if ('error' in found) {
    return {
      ...base,
      error: found.error,
      ...(object.requiredFields ? { requiredFields: object.requiredFields } : {}),
      ...(object.optionalFields ? { optionalFields: object.optionalFields } : {}),
    };
  }
  const fields = found.metadata.fields;
  const required = (object.requiredFields ?? []).map((field) => hydratedField(field, fields));
  const optional = (object.optionalFields ?? []).map((field) => hydratedField(field, fields));
  if (object.optionalFieldsAuto === 'all') {
    const named = new Set(
      [...required, ...optional].flatMap((field) => (field.fieldName === undefined ? [] : [field.fieldName])),
    );
    for (const field of Object.values(fields)) {
      if (!named.has(field.fieldName)) {
        optional.push({ fieldName: field.fieldName, displayName: field.displayName });
      }
    }
  }
  return {
    ...base,
    displayName: object.displayName ?? found.metadata.displayName ?? object.objectName,
    requiredFields: required,
    optionalFields: optional,
    allFieldsMetadata: fields,
    allFields: Object.values(fields).map((field) => ({
      fieldName: field.fieldName,
      displayName: field.displayName,
    })),
  };
}

export function hydrateRevision(
  revision: { id: string; specVersion: string; createTime: string },
  manifest: ManifestIntegration,
  objects: ReadonlyMap<string, ObjectFields>,
): HydratedRevision {
  return {
    id: revision.id,
    specVersion: revision.specVersion,
    createTime: revision.createTime,
    content: {
      name: manifest.name,
      ...(manifest.displayName ? { displayName: manifest.displayName } : {}),
      provider: manifest.provider,
      read: {
        objects: manifest.read.objects.map((object) =>
          hydratedReadObject(
            object,
            objects.get(object.objectName) ?? { error: 'The provider did not describe this object.' },
          ),
        ),
      },
      ...(manifest.write
        ? {
            write: {
              objects: manifest.write.objects.map((object) => ({
                objectName: object.objectName,
                displayName: object.displayName ?? object.objectName,
              })),
            },
          }
        : {}),
      ...(manifest.proxy ? { proxy: manifest.proxy } : {}),
    },
  };
}
