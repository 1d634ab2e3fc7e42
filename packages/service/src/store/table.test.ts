import { describe, expect, it } from 'vitest';
import type { Table } from './table.js';
import { columnName, insertSql, toEntity, toRow } from './table.js';

interface Thing {
  id: string;
  isDefault: boolean;
  updateTime?: string;
  content: unknown;
}
const things: Table<Thing> = {
  name: 'things',
  columns: { id: 'text', isDefault: 'boolean', updateTime: 'text', content: 'json' },
};

describe('table mapping', () => {
  it('names columns in snake_case', () => {
    expect(columnName('lastOperationStatus')).toBe('last_operation_status');
    expect(insertSql(things)).toBe(
      'INSERT INTO things (id, is_default, update_time, content) VALUES (@id, @is_default, @update_time, @content)',
    );
  });

  it('stores booleans as 0/1, JSON as text and an absent field as NULL', () => {
    const row = toRow(things, { id: 't-1', isDefault: true, content: { a: [1] } });
    expect(row).toEqual({ id: 't-1', is_default: 1, update_time: null, content: '{"a":[1]}' });
  });

  it('reads a row back into the same entity, leaving NULL fields absent rather than undefined', () => {
    const thing: Thing = { id: 't-1', isDefault: false, content: { a: [1] } };
    const back = toEntity(things, toRow(things, thing));
    expect(back).toEqual(thing);
    expect(Object.hasOwn(back, 'updateTime')).toBe(false);
    const updated = { ...thing, updateTime: '2025-01-01T00:00:00.000Z' };
    expect(toEntity(things, toRow(things, updated))).toEqual(updated);
  });
});
