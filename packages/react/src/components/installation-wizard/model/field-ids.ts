/**
 * The id of every wizard control, built in one place. A field id keys a control's error (in
 * `StepErrors` and the server errors), marks its area in the page (`data-field-id`) and is the base of
 * its DOM ids, so the validator, the server-issue locator and the views cannot drift apart.
 */
export const fieldIds = {
  /** The object choice as a whole (at least one object is needed). */
  objects: 'objects',
  /** The history every read object imports, on the objects step. */
  history: 'history',
  /** One object's checkbox on the objects step. */
  objectChoice: (section: 'read' | 'write', objectName: string) => `objects.${section}.${objectName}`,
  readFields: (objectName: string) => `read.${objectName}.fields`,
  /** Everything in the read step not tied to a narrower control. */
  readPart: (objectName: string, part: ReadPart) => `read.${objectName}.${part}`,
  mapping: (objectName: string, mapToName: string) => `read.${objectName}.mappings.${mapToName}`,
  /** The filter box and the shared option list of a read step's mappings. */
  mappingFilter: (objectName: string) => `read.${objectName}.mapping-filter`,
  mappingOptions: (objectName: string) => `read.${objectName}.field-options`,
  valueMapping: (objectName: string, mapToName: string) => `read.${objectName}.valueMappings.${mapToName}`,
  /** One app value's provider value in a value mapping. */
  valueMappingEntry: (objectName: string, mapToName: string, providerValue: string) =>
    `read.${objectName}.valueMappings.${mapToName}.${providerValue}`,
  schedule: (objectName: string) => `read.${objectName}.schedule`,
  backfill: (objectName: string) => `read.${objectName}.backfill`,
  filters: (objectName: string) => `read.${objectName}.filters`,
  filter: (objectName: string, index: number) => `read.${objectName}.filters.${index}`,
  paused: (objectName: string) => `read.${objectName}.paused`,
  /** A write object as a whole. */
  write: (objectName: string) => `write.${objectName}`,
  deletion: (objectName: string) => `write.${objectName}.deletion`,
  writeDefault: (objectName: string, fieldName: string) => `write.${objectName}.fields.${fieldName}`,
  /** The picker that adds a field default. */
  writeAdd: (objectName: string) => `write.${objectName}.add`,
  proxy: 'proxy',
  review: 'review',
} as const;

/** The parts of a read step a server issue can name without a narrower key. */
export type ReadPart =
  | 'fields'
  | 'mappings'
  | 'valueMappings'
  | 'schedule'
  | 'destination'
  | 'backfill'
  | 'filters'
  | 'paused'
  | 'objectName';
