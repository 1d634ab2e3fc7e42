/**
 * Checks the fields a create or update writes as Salesforce does: each unknown field, read-only field,
 * missing required field or value of the wrong type is refused with its own error naming the field.
 */

import type { FieldValue, SObjectRecord } from './data-set.js';
import { type ErrorEntry, SalesforceError } from './errors.js';
import { requiredFields, resolveField, type SObjectName } from './sobjects.js';

const isDate = (value: string) => /^\d{4}-\d{2}-\d{2}$/.test(value) && !Number.isNaN(Date.parse(value));

function checkValue(sobject: SObjectName, name: string, value: unknown): FieldValue | ErrorEntry {
  const field = resolveField(sobject, name);
  if (!field) {
    return {
      errorCode: 'INVALID_FIELD',
      message: `No such column '${name}' on sobject of type ${sobject}`,
      fields: [name],
    };
  }
  if (!field.createable) {
    return {
      errorCode: 'INVALID_FIELD_FOR_INSERT_UPDATE',
      message: `Unable to create/update fields: ${field.name}. Please check the security settings of this field and verify that it is read/write for your profile or permission set.`,
      fields: [field.name],
    };
  }
  if (value === null || value === '') return null;
  const wrongType = (expected: string): ErrorEntry => ({
    errorCode: 'JSON_PARSER_ERROR',
    message: `Cannot deserialize instance of ${expected} from ${JSON.stringify(value)} for field ${field.name}`,
    fields: [field.name],
  });
  switch (field.type) {
    case 'boolean':
      return typeof value === 'boolean' ? value : wrongType('boolean');
    case 'int':
    case 'double':
    case 'currency': {
      const number =
        typeof value === 'number' ? value : typeof value === 'string' ? Number(value) : Number.NaN;
      if (!Number.isFinite(number) || (field.type === 'int' && !Number.isInteger(number)))
        return wrongType(field.type);
      return number;
    }
    case 'date':
      return typeof value === 'string' && isDate(value) ? value : wrongType('date');
    case 'picklist':
      return field.picklistValues.some((option) => option.value === value)
        ? (value as string)
        : {
            errorCode: 'INVALID_OR_NULL_FOR_RESTRICTED_PICKLIST',
            message: `${field.label}: bad value for restricted picklist field: ${String(value)}`,
            fields: [field.name],
          };
    default:
      return typeof value === 'string' ? value : wrongType('string');
  }
}

/** The values to store under their API names, or a SalesforceError listing every offending field. */
export function checkFieldValues(sobject: SObjectName, input: unknown, creating: boolean): SObjectRecord {
  if (typeof input !== 'object' || input === null || Array.isArray(input)) {
    throw new SalesforceError([
      { errorCode: 'JSON_PARSER_ERROR', message: 'The request body must be a JSON object.' },
    ]);
  }
  const stored: SObjectRecord = {};
  const errors: ErrorEntry[] = [];
  for (const [name, value] of Object.entries(input)) {
    // A client may echo the `attributes` Salesforce put on a record it read.
    if (name === 'attributes') continue;
    const outcome = checkValue(sobject, name, value);
    if (outcome !== null && typeof outcome === 'object') errors.push(outcome);
    else stored[resolveField(sobject, name)!.name] = outcome;
  }
  if (creating) {
    // A required field already refused for its value is not also reported missing.
    const refused = new Set(errors.flatMap((error) => error.fields ?? []));
    const missing = requiredFields[sobject].filter(
      (name) => !refused.has(name) && (stored[name] === undefined || stored[name] === null),
    );
    if (missing.length > 0) {
      errors.push({
        errorCode: 'REQUIRED_FIELD_MISSING',
        message: `Required fields are missing: [${missing.join(', ')}]`,
        fields: missing,
      });
    }
  }
  if (errors.length > 0) throw new SalesforceError(errors);
  return stored;
}
