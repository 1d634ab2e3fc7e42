/**
 * How each sandbox field is stored in its SQLite column, and how a search value is matched against it.
 *
 * Storage is compact because the contacts table may hold a million rows: ids and references are INTEGERs
 * (the id is the table's rowid), booleans 0/1, datetimes epoch milliseconds; text stays TEXT and numbers
 * INTEGER/REAL. Every codec turns a stored value back into the record's public form.
 *
 * Typed matching (search's `eq`): a boolean matches only boolean fields, a number only int/float fields, a
 * string only string-ish fields (string, singleSelect, date, datetime, reference) with exactly the same text
 * as the field's public value. A value that cannot match yields `noMatch`, never a coerced guess.
 */

import { type SandboxFieldValue, toIsoString } from '@splice/sandbox-data';
import type { FieldMetadata } from '@splice/schema';

export const noMatch: unique symbol = Symbol('noMatch');

type SqlValue = string | number | null;

export interface ColumnCodec {
  sqlType: 'INTEGER' | 'REAL' | 'TEXT';
  /** Public value → stored value. */
  encode(value: SandboxFieldValue): SqlValue;
  /** Stored value → public value. */
  decode(value: SqlValue): SandboxFieldValue;
  /** Search value → the stored value it equals, or `noMatch` when no row can match it. */
  filterParam(value: string | number | boolean): SqlValue | typeof noMatch;
}

// Canonical positive integer text, as `String(id)` writes it; "007" or "1e3" name no record.
const canonicalId = /^[1-9][0-9]{0,15}$/;

const idCodec: ColumnCodec = {
  sqlType: 'INTEGER',
  encode: (value) => (value === null ? null : Number(value)),
  decode: (value) => (value === null ? null : String(value)),
  filterParam: (value) => (typeof value === 'string' && canonicalId.test(value) ? Number(value) : noMatch),
};

const textCodec: ColumnCodec = {
  sqlType: 'TEXT',
  encode: (value) => (value === null ? null : String(value)),
  decode: (value) => value,
  filterParam: (value) => (typeof value === 'string' ? value : noMatch),
};

// Instants from 1970 to 9999 take ./iso-time's faster formatting (a backfill decodes two per record).
const lastFastMs = Date.UTC(9999, 11, 31, 23, 59, 59, 999);
const isoString = (ms: SqlValue & {}) =>
  typeof ms === 'number' && Number.isInteger(ms) && ms >= 0 && ms <= lastFastMs
    ? toIsoString(ms)
    : new Date(ms).toISOString();

const instantCodec: ColumnCodec = {
  sqlType: 'INTEGER',
  encode: (value) => (value === null ? null : Date.parse(String(value))),
  decode: (value) => (value === null ? null : isoString(value)),
  filterParam: (value) => {
    if (typeof value !== 'string') return noMatch;
    const ms = Date.parse(value);
    // Equal text only: the value must be exactly how the field reads (ISO 8601 with milliseconds, UTC).
    return Number.isFinite(ms) && new Date(ms).toISOString() === value ? ms : noMatch;
  },
};

const numberCodec = (sqlType: 'INTEGER' | 'REAL'): ColumnCodec => ({
  sqlType,
  encode: (value) => (value === null ? null : Number(value)),
  decode: (value) => value,
  filterParam: (value) => (typeof value === 'number' && Number.isFinite(value) ? value : noMatch),
});

const booleanCodec: ColumnCodec = {
  sqlType: 'INTEGER',
  encode: (value) => (value === null ? null : value ? 1 : 0),
  decode: (value) => (value === null ? null : value === 1),
  filterParam: (value) => (typeof value === 'boolean' ? (value ? 1 : 0) : noMatch),
};

const intCodec = numberCodec('INTEGER');
const floatCodec = numberCodec('REAL');

export function codecFor(field: FieldMetadata): ColumnCodec {
  if (field.fieldName === 'id') return idCodec;
  switch (field.valueType) {
    case 'reference':
      return idCodec;
    case 'datetime':
      return instantCodec;
    case 'int':
      return intCodec;
    case 'float':
      return floatCodec;
    case 'boolean':
      return booleanCodec;
    default:
      // string, singleSelect, date (YYYY-MM-DD sorts and compares as text), multiSelect, other.
      return textCodec;
  }
}
