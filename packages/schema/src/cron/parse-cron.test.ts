import { describe, expect, it } from 'vitest';
import { dayMatches, parseCron } from './parse-cron.js';

function valuesOf(expression: string) {
  const result = parseCron(expression);
  if (!result.ok) throw new Error(result.error.message);
  const { minute, hour, dayOfMonth, month, dayOfWeek } = result.schedule;
  return {
    minute: minute.values,
    hour: hour.values,
    dayOfMonth: dayOfMonth.values,
    month: month.values,
    dayOfWeek: dayOfWeek.values,
  };
}

function errorOf(expression: string) {
  const result = parseCron(expression);
  if (result.ok) throw new Error(`"${expression}" was accepted`);
  return result.error;
}

describe('parseCron', () => {
  it('reads * as every value of the field', () => {
    const v = valuesOf('* * * * *');
    expect(v.minute).toHaveLength(60);
    expect(v.hour).toHaveLength(24);
    expect(v.dayOfMonth).toEqual(Array.from({ length: 31 }, (_, i) => i + 1));
    expect(v.month).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12]);
    expect(v.dayOfWeek).toEqual([0, 1, 2, 3, 4, 5, 6]);
  });

  it('reads single numbers', () => {
    expect(valuesOf('5 4 3 2 1')).toEqual({
      minute: [5],
      hour: [4],
      dayOfMonth: [3],
      month: [2],
      dayOfWeek: [1],
    });
  });

  it('reads steps over the whole range', () => {
    expect(valuesOf('*/15 */6 * * *').minute).toEqual([0, 15, 30, 45]);
    expect(valuesOf('*/15 */6 * * *').hour).toEqual([0, 6, 12, 18]);
    expect(valuesOf('0 0 */10 * *').dayOfMonth).toEqual([1, 11, 21, 31]);
  });

  it('reads ranges and stepped ranges', () => {
    expect(valuesOf('0-4 9-17/4 * * *').minute).toEqual([0, 1, 2, 3, 4]);
    expect(valuesOf('0-4 9-17/4 * * *').hour).toEqual([9, 13, 17]);
  });

  it('reads a start with a step as running to the end of the range', () => {
    expect(valuesOf('50/3 * * * *').minute).toEqual([50, 53, 56, 59]);
  });

  it('reads lists, mixing values and ranges, without duplicates', () => {
    expect(valuesOf('0,30,10-12,30 * * * *').minute).toEqual([0, 10, 11, 12, 30]);
  });

  it('reads month and day names in any case', () => {
    const v = valuesOf('0 0 * jan,Mar-MAY mon-fri');
    expect(v.month).toEqual([1, 3, 4, 5]);
    expect(v.dayOfWeek).toEqual([1, 2, 3, 4, 5]);
  });

  it('treats day of week 7 as Sunday', () => {
    expect(valuesOf('0 0 * * 7').dayOfWeek).toEqual([0]);
    expect(valuesOf('0 0 * * 5-7').dayOfWeek).toEqual([0, 5, 6]);
  });

  it('accepts extra spaces around and between fields', () => {
    const result = parseCron('  */5   *  * * *  ');
    expect(result.ok && result.schedule.expression).toBe('*/5 * * * *');
  });

  it.each([
    ['', 0],
    ['* * * *', 4],
    ['* * * * * *', 6],
  ])('refuses "%s": five fields are needed', (expression, count) => {
    const error = errorOf(expression);
    expect(error.code).toBe('field-count');
    expect(error.message).toContain(`this one has ${count}`);
  });

  it.each([
    ['60 * * * *', 'minute', 0, 59],
    ['* 24 * * *', 'hour', 0, 23],
    ['* * 0 * *', 'dayOfMonth', 1, 31],
    ['* * 32 * *', 'dayOfMonth', 1, 31],
    ['* * * 13 *', 'month', 1, 12],
    ['* * * * 8', 'dayOfWeek', 0, 7],
  ])('refuses "%s" as out of range for the %s', (expression, field, min, max) => {
    const error = errorOf(expression);
    expect(error).toMatchObject({ code: 'out-of-range', field, min, max });
  });

  it.each([
    ['a * * * *', 'minute'],
    ['* * * FOO *', 'month'],
    ['* * * * L', 'dayOfWeek'],
    ['* * ? * *', 'dayOfMonth'],
    ['1.5 * * * *', 'minute'],
    ['-1 * * * *', 'minute'],
  ])('refuses the value in "%s"', (expression, field) => {
    expect(errorOf(expression)).toMatchObject({ code: 'invalid-value', field });
  });

  it('names the month field with a hint of names when a month name is misspelt', () => {
    expect(errorOf('0 0 1 JANUARY *').message).toBe(
      '"JANUARY" is not a valid month: use a number or a name such as FEB.',
    );
  });

  it.each(['*/0 * * * *', '*/ * * * *', '*/a * * * *', '1/2/3 * * * *'])(
    'refuses the step in "%s"',
    (expression) => {
      expect(errorOf(expression).code).toBe('invalid-step');
    },
  );

  it.each(['30-10 * * * *', '1-2-3 * * * *', '* * * DEC-JAN *'])(
    'refuses the range in "%s"',
    (expression) => {
      expect(errorOf(expression).code).toBe('invalid-range');
    },
  );

  it('refuses an empty list item', () => {
    expect(errorOf('1,,2 * * * *')).toMatchObject({ code: 'empty-part', field: 'minute' });
  });

  it('refuses a day that none of the months has, such as 30 February', () => {
    expect(errorOf('0 0 30 2 *').code).toBe('never-runs');
    expect(errorOf('0 0 31 4,6,9,11 *').code).toBe('never-runs');
  });

  it('accepts 29 February and 31 in a list that has a long month', () => {
    expect(parseCron('0 0 29 2 *').ok).toBe(true);
    expect(parseCron('0 0 31 4,5 *').ok).toBe(true);
  });

  it('accepts 30 February when a day of week is also given, since either day field may match', () => {
    expect(parseCron('0 0 30 2 1').ok).toBe(true);
  });

  it('refuses macros such as @daily', () => {
    expect(errorOf('@daily').code).toBe('field-count');
  });
});

describe('dayMatches', () => {
  it('needs both day fields when one of them is *', () => {
    const result = parseCron('0 0 1 * *');
    if (!result.ok) throw new Error('invalid');
    expect(dayMatches(result.schedule, 1, 3)).toBe(true);
    expect(dayMatches(result.schedule, 2, 3)).toBe(false);
  });

  it('accepts either day field when both are restricted, as cron does', () => {
    const result = parseCron('0 0 1 * 1');
    if (!result.ok) throw new Error('invalid');
    expect(dayMatches(result.schedule, 1, 3)).toBe(true);
    expect(dayMatches(result.schedule, 9, 1)).toBe(true);
    expect(dayMatches(result.schedule, 9, 3)).toBe(false);
  });

  it('treats a stepped star as unrestricted for that rule (both must match)', () => {
    const result = parseCron('0 0 */2 * 1');
    if (!result.ok) throw new Error('invalid');
    expect(dayMatches(result.schedule, 3, 1)).toBe(true);
    expect(dayMatches(result.schedule, 2, 1)).toBe(false);
    expect(dayMatches(result.schedule, 3, 2)).toBe(false);
  });
});
