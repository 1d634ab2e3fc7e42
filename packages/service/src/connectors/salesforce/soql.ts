/**
 * The SOQL this connector writes. Every name in it comes from the object's describe (./describe.ts), never
 * from the caller's text, and every value is a literal built here: a string quoted and escaped as SOQL
 * requires, a number, a boolean, or a date or datetime written bare (SOQL takes them without quotes).
 */
import type { FilterValue } from '@splice/schema';
import { ProviderError } from '../provider-error.js';
import { type DescribeField, valueTypeOf } from './describe.js';
import { isRecordId, salesforceProvider } from './salesforce-api.js';

const escapes: Record<string, string> = {
  '\\': '\\\\',
  "'": "\\'",
  '"': '\\"',
  '\n': '\\n',
  '\r': '\\r',
  '\t': '\\t',
  '\b': '\\b',
  '\f': '\\f',
};

/**
 * A string as a quoted SOQL literal. Quotes and backslashes are escaped, line breaks, tabs, backspace and
 * form feed take their escapes, and any other control character its `\uXXXX`, so that no value can end the
 * literal or put a raw control character into the query. `%` and `_` stay as they are: they are wildcards
 * only in LIKE, which this connector never writes.
 */
export function soqlString(value: string): string {
  const escaped = value.replace(
    /[\\'"]|\p{Cc}/gu,
    (char) => escapes[char] ?? `\\u${char.charCodeAt(0).toString(16).padStart(4, '0')}`,
  );
  return `'${escaped}'`;
}

/**
 * An instant as a SOQL datetime literal, `YYYY-MM-DDThh:mm:ssZ`, floored to the second: Salesforce compares
 * datetimes to the second, so windows whose bounds are floored the same way still meet exactly.
 */
export const soqlDatetime = (ms: number): string =>
  `${new Date(Math.floor(ms / 1000) * 1000).toISOString().slice(0, 19)}Z`;

/** A number as SOQL writes it: plain decimal digits, never an exponent. */
function soqlNumber(value: number): string {
  const text = String(value);
  return /e/i.test(text)
    ? value.toLocaleString('en-US', { useGrouping: false, maximumFractionDigits: 20 })
    : text;
}

const isoDate = /^\d{4}-\d{2}-\d{2}$/;
const isoDatetime = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(?:\.\d{1,3})?(?:Z|[+-]\d{2}:?\d{2})$/;

/** What an `eq` value can never equal in its field (a boolean for a text field, say): the search is empty. */
export const noMatch: unique symbol = Symbol('noMatch');

/**
 * The literal an `eq` condition compares the field with. Values match by type, as the service's search
 * rules say: a boolean only a boolean field, a number only a numeric field, a string a text, picklist, id,
 * date or datetime field (dates and datetimes in ISO 8601).
 */
export function filterLiteral(field: DescribeField, value: FilterValue): string | typeof noMatch {
  const valueType = valueTypeOf(field.type);
  switch (valueType) {
    case 'boolean':
      return typeof value === 'boolean' ? (value ? 'TRUE' : 'FALSE') : noMatch;
    case 'int':
    case 'float':
      return typeof value === 'number' && Number.isFinite(value) ? soqlNumber(value) : noMatch;
    case 'date':
      return typeof value === 'string' && isoDate.test(value) && Number.isFinite(Date.parse(value))
        ? value
        : noMatch;
    case 'datetime': {
      if (typeof value !== 'string' || !isoDatetime.test(value)) return noMatch;
      const ms = Date.parse(value);
      if (!Number.isFinite(ms)) return noMatch;
      // Whole seconds in the documented form; a fraction only when there is one.
      return ms % 1000 === 0 ? soqlDatetime(ms) : new Date(ms).toISOString();
    }
    case 'reference':
      return typeof value === 'string' && isRecordId(value) ? soqlString(value) : noMatch;
    case 'string':
    case 'singleSelect':
    case 'multiSelect':
      if (field.type === 'id')
        return typeof value === 'string' && isRecordId(value) ? soqlString(value) : noMatch;
      return typeof value === 'string' ? soqlString(value) : noMatch;
    default:
      throw new ProviderError(
        'badRequest',
        `The Salesforce field ${field.name} (${field.type}) cannot be searched.`,
        { provider: salesforceProvider, fieldNames: [field.name] },
      );
  }
}

/**
 * A condition of a query: a described field, an operator and a literal built above (for `IN`, a
 * parenthesised list of them).
 */
export interface SoqlCondition {
  field: string;
  operator: '=' | '>' | '>=' | '<=' | 'IN';
  literal: string;
}

export interface SoqlSelect {
  /** Described field names. */
  fields: readonly string[];
  /** The described object name. */
  from: string;
  where?: readonly SoqlCondition[];
  orderBy?: readonly string[];
  limit?: number;
}

export function buildSoql(select: SoqlSelect): string {
  const parts = [`SELECT ${select.fields.join(', ')} FROM ${select.from}`];
  if (select.where && select.where.length > 0) {
    parts.push(
      `WHERE ${select.where.map(({ field, operator, literal }) => `${field} ${operator} ${literal}`).join(' AND ')}`,
    );
  }
  if (select.orderBy && select.orderBy.length > 0) parts.push(`ORDER BY ${select.orderBy.join(', ')}`);
  if (select.limit !== undefined) parts.push(`LIMIT ${Math.max(0, Math.floor(select.limit))}`);
  return parts.join(' ');
}
