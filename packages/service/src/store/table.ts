/**
 * How an entity maps to its table (the same on SQLite and PostgreSQL), declared once per entity in `entities/`.
 *
 * A table lists one column per entity field (the compiler refuses a missing or extra one); the column name is
 * the field name in snake_case, and the column's kind says how the value is stored: `text` as is, `json` as
 * `JSON.stringify` output, `boolean` as 0/1 (PostgreSQL's `boolean` takes '1'/'0' and returns true/false). An optional field is NULL in SQL and absent (never
 * `undefined`-valued) on the entity. These two functions are the only code that knows the row layout.
 */

export type ColumnKind = 'text' | 'json' | 'boolean';

export interface Table<T> {
  readonly name: string;
  readonly columns: { readonly [K in keyof T]-?: ColumnKind };
}

/**
 * A row: snake_case keys, NULL for an absent field. SQLite returns TEXT/INTEGER values; PostgreSQL also
 * booleans (`PgAccess` reads JSON columns as their text, so both hand `toEntity` the same JSON).
 */
export type Row = Record<string, string | number | boolean | null>;

export const columnName = (field: string): string => field.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);

function fields<T>(table: Table<T>): [field: string, kind: ColumnKind][] {
  return Object.entries(table.columns) as [string, ColumnKind][];
}

export function toEntity<T>(table: Table<T>, row: Row): T {
  const entity: Record<string, unknown> = {};
  for (const [field, kind] of fields(table)) {
    const value = row[columnName(field)];
    if (value === null || value === undefined) continue;
    entity[field] =
      kind === 'json'
        ? JSON.parse(String(value))
        : kind === 'boolean'
          ? value === 1 || value === true
          : value;
  }
  return entity as T;
}

/** Named parameters for `insertSql`/`UPDATE`s: one per column, keyed by column name. */
export function toRow<T>(table: Table<T>, entity: T): Row {
  const row: Row = {};
  const source = entity as Record<string, unknown>;
  for (const [field, kind] of fields(table)) {
    const value = source[field];
    row[columnName(field)] =
      value === undefined || value === null
        ? null
        : kind === 'json'
          ? JSON.stringify(value)
          : kind === 'boolean'
            ? value
              ? 1
              : 0
            : (value as string);
  }
  return row;
}

/** `INSERT INTO <table> (<every column>) VALUES (@<every column>)`, fed by `toRow`. */
export function insertSql<T>(table: Table<T>): string {
  const columns = fields(table).map(([field]) => columnName(field));
  return `INSERT INTO ${table.name} (${columns.join(', ')}) VALUES (${columns.map((c) => `@${c}`).join(', ')})`;
}
