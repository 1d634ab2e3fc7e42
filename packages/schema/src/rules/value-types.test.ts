import { describe, expect, it } from 'vitest';
import { backfillPeriodSchema } from '../resources/backfill.js';
import { limits } from '../resources/limits.js';
import { inputKindOf, typeMismatch, valueFitsType, valueKindOf } from './value-types.js';

describe('value-type rules', () => {
  it('gives each provider type its input: whole numbers, numbers, true/false, a picklist, else text', () => {
    expect(inputKindOf('int')).toBe('integer');
    expect(inputKindOf('float')).toBe('number');
    expect(inputKindOf('boolean')).toBe('boolean');
    expect(inputKindOf('singleSelect')).toBe('select');
    expect(inputKindOf('datetime')).toBe('text');
    expect(valueKindOf('singleSelect')).toBe('text');
  });

  it('fits a value to its field type: an int takes whole numbers only, text fields take text only', () => {
    expect(valueFitsType(3, 'int')).toBe(true);
    expect(valueFitsType(3.5, 'int')).toBe(false);
    expect(valueFitsType(3.5, 'float')).toBe(true);
    expect(valueFitsType('3', 'float')).toBe(false);
    expect(valueFitsType(true, 'boolean')).toBe(true);
    expect(valueFitsType('true', 'boolean')).toBe(false);
    expect(valueFitsType('Ann', 'string')).toBe(true);
    expect(valueFitsType(1, 'string')).toBe(false);
  });

  it('warns about an app number field mapped to a text field, not to an int', () => {
    expect(typeMismatch('number', 'string')).toBe(true);
    expect(typeMismatch('number', 'int')).toBe(false);
    expect(typeMismatch('boolean', 'boolean')).toBe(false);
    expect(typeMismatch('string', 'int')).toBe(false);
    expect(typeMismatch(undefined, 'string')).toBe(false);
  });

  it('bounds a backfill at the shared limit of days', () => {
    expect(backfillPeriodSchema.safeParse({ days: limits.backfillDays }).success).toBe(true);
    expect(backfillPeriodSchema.safeParse({ days: limits.backfillDays + 1 }).success).toBe(false);
  });
});

describe('date and datetime values', () => {
  it('a date field takes an existing ISO date only: "yesterday" and 2026-02-30 are refused', () => {
    expect(valueFitsType('2026-11-26', 'date')).toBe(true);
    expect(valueFitsType('yesterday', 'date')).toBe(false);
    expect(valueFitsType('2026-02-30', 'date')).toBe(false);
    expect(valueFitsType('26/11/2026', 'date')).toBe(false);
  });

  it('a datetime field takes an ISO moment with its zone', () => {
    expect(valueFitsType('2026-11-26T09:00:00Z', 'datetime')).toBe(true);
    expect(valueFitsType('2026-11-26T09:00+01:00', 'datetime')).toBe(true);
    expect(valueFitsType('2026-11-26T09:00:00', 'datetime')).toBe(false);
    expect(valueFitsType('yesterday', 'datetime')).toBe(false);
  });
});
