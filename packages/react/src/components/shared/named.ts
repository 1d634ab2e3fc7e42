/** The object of that API name in a list of read, write or searchable objects, if it has one. */
export function objectNamed<T extends { objectName: string }>(
  objects: readonly T[] | undefined,
  name: string,
) {
  return objects?.find((object) => object.objectName === name);
}

/** The provider field of that API name, if the list has one. */
export function fieldNamed<T extends { fieldName: string }>(fields: readonly T[], name: string | undefined) {
  return fields.find((field) => field.fieldName === name);
}
