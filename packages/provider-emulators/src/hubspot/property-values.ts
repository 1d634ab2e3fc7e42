/**
 * Checks the property values a create or update writes, the way HubSpot does: every offending property is
 * named (unknown, read-only, not an option of its picklist, not a number, date or e-mail address), and the
 * values that pass come back in HubSpot's stored form (datetimes as ISO 8601, whatever the caller sent).
 */
import { type ErrorDetail, validationError } from './errors.js';
import type { ObjectType } from './object-types.js';
import { type PropertyDefinition, propertyDefinitions } from './properties.js';

type Check = { value: string | null } | { code: string; message: string };

const isNumber = (value: string) => value.trim() !== '' && Number.isFinite(Number(value));
const looksLikeEmail = (value: string) => /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(value);

/** HubSpot takes a datetime as epoch milliseconds or as ISO 8601. */
export function parseInstant(value: string): number | undefined {
  const ms = /^-?\d+$/.test(value) ? Number(value) : Date.parse(value);
  return Number.isNaN(ms) ? undefined : ms;
}

function check(definition: PropertyDefinition, raw: string): Check {
  const { name } = definition;
  if (definition.modificationMetadata.readOnlyValue) {
    return {
      code: 'READ_ONLY_VALUE',
      message: `"${name}" is a read only property; its value cannot be set.`,
    };
  }
  // An empty string clears a property, whatever its type.
  if (raw === '') return { value: null };
  switch (definition.type) {
    case 'number':
      return isNumber(raw)
        ? { value: raw }
        : { code: 'INVALID_INTEGER', message: `${raw} was not a valid number.` };
    case 'bool':
      return raw === 'true' || raw === 'false'
        ? { value: raw }
        : { code: 'INVALID_BOOLEAN', message: `${raw} was not a valid boolean (true or false).` };
    case 'datetime':
    case 'date': {
      const ms = parseInstant(raw);
      if (ms === undefined) return { code: 'INVALID_DATE', message: `${raw} was not a valid date.` };
      const iso = new Date(ms).toISOString();
      return { value: definition.type === 'date' ? iso.slice(0, 10) : iso };
    }
    case 'enumeration':
      return definition.options.some((option) => option.value === raw)
        ? { value: raw }
        : {
            code: 'INVALID_OPTION',
            message: `${raw} was not one of the allowed options: ${definition.options.map((o) => o.value).join(', ')}`,
          };
    default:
      if (name === 'email' && !looksLikeEmail(raw)) {
        return { code: 'INVALID_EMAIL', message: `Email address ${raw} is invalid` };
      }
      return { value: raw };
  }
}

/**
 * The values to store, or a 400 VALIDATION_ERROR naming each offending property; the message carries the
 * same list in the JSON form HubSpot prints there.
 */
export function checkPropertyValues(type: ObjectType, input: unknown): Record<string, string | null> {
  if (typeof input !== 'object' || input === null || Array.isArray(input)) {
    throw validationError('Invalid input JSON: "properties" must be an object of property names to values.');
  }
  const definitions = propertyDefinitions[type];
  const stored: Record<string, string | null> = {};
  const errors: ErrorDetail[] = [];
  for (const [name, rawValue] of Object.entries(input)) {
    const definition = definitions.get(name);
    const outcome: Check = definition
      ? check(definition, rawValue === null || rawValue === undefined ? '' : String(rawValue))
      : { code: 'PROPERTY_DOESNT_EXIST', message: `Property "${name}" does not exist` };
    if ('value' in outcome) stored[name] = outcome.value;
    else
      errors.push({
        message: outcome.message,
        code: outcome.code,
        in: name,
        context: { propertyName: [name] },
      });
  }
  if (errors.length > 0) {
    const listed = errors.map((e) => ({ isValid: false, message: e.message, error: e.code, name: e.in }));
    throw validationError(`Property values were not valid: ${JSON.stringify(listed)}`, errors);
  }
  return stored;
}
