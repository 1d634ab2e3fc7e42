/** How search compares a property's values: in the property's own order. */
import type { PropertyDefinition } from './properties.js';
import { parseInstant } from './property-values.js';

export type Comparable = number | string;

/** A value in the property's own order: numbers and instants numerically, text case-insensitively. */
export function comparable(
  definition: PropertyDefinition | undefined,
  value: string,
): Comparable | undefined {
  switch (definition?.type) {
    case 'number':
      return value.trim() === '' || Number.isNaN(Number(value)) ? undefined : Number(value);
    case 'datetime':
    case 'date':
      return parseInstant(value);
    default:
      return value.toLowerCase();
  }
}
