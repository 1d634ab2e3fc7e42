import { describe, expect, it } from 'vitest';
import { describeSchedule } from './describe-schedule.js';
import type { SpliceMessages } from './messages.js';
import { defaultMessages } from './messages.js';

function describeExpression(expression: string, messages: SpliceMessages = defaultMessages): string {
  const text = describeSchedule(expression, messages);
  if (text === undefined) throw new Error(`"${expression}" is not a schedule`);
  return text;
}

describe('describeSchedule in the default (English) messages', () => {
  it.each([
    ['* * * * *', 'Every minute'],
    ['*/15 * * * *', 'Every 15 minutes'],
    ['0 * * * *', 'Every hour'],
    ['30 * * * *', 'At minute 30 of every hour'],
    ['0,30 * * * *', 'At minutes 0 and 30 of every hour'],
    ['0 */2 * * *', 'Every 2 hours'],
    ['30 */2 * * *', 'At minute 30 of every 2nd hour'],
    ['*/10 */3 * * *', 'Every 10 minutes during every 3rd hour'],
    ['0 9 * * *', 'At 09:00 UTC every day'],
    ['0 9 * * 1', 'At 09:00 UTC on Monday'],
    ['30 8 * * 1-5', 'At 08:30 UTC on Monday through Friday'],
    ['0 9,17 * * *', 'At 09:00 and 17:00 UTC every day'],
    ['0 0 * * 6,0', 'At 00:00 UTC on Saturday and Sunday'],
    ['5 4 * * sun', 'At 04:05 UTC on Sunday'],
    ['0 9-17 * * 1-5', 'Every hour from 09:00 through 17:00 UTC on Monday through Friday'],
    ['*/15 9-17 * * *', 'Every 15 minutes between 09:00 and 17:59 UTC'],
    ['* 9 * * *', 'Every minute between 09:00 and 09:59 UTC'],
    ['*/5 9,12 * * *', 'Every 5 minutes during hours 09 and 12 UTC'],
    ['0 0 1 * *', 'At 00:00 UTC on day 1 of the month'],
    ['0 0 1,15 * *', 'At 00:00 UTC on days 1 and 15 of the month'],
    ['0 0 1-7 * *', 'At 00:00 UTC on days 1 through 7 of the month'],
    ['0 0 */2 * *', 'At 00:00 UTC on every 2nd day of the month'],
    ['0 0 1 1 *', 'At 00:00 UTC on day 1 of the month in January'],
    ['0 0 1 */3 *', 'At 00:00 UTC on day 1 of the month in every 3rd month'],
    ['0 0 * jan-mar *', 'At 00:00 UTC every day from January through March'],
    ['0 12 1 * 1', 'At 12:00 UTC on day 1 of the month or on Monday'],
    ['0 0 */2 * 1', 'At 00:00 UTC on every 2nd day of the month if it is Monday'],
    ['0-10,30 * * * *', 'At minutes 0 through 10 and 30 of every hour'],
    ['1-31/10 * * * *', 'Every 10 minutes from minute 1 through 31'],
    ['0-29 * * * *', 'Every minute from minute 0 through 29'],
    ['0-29 9 * * *', 'Every minute from minute 0 through 29 between 09:00 and 09:59 UTC'],
    ['0 0 * * 5-7', 'At 00:00 UTC on Friday through Sunday'],
    ['0 0 * * */2', 'At 00:00 UTC on every 2nd day of the week'],
  ])('describes "%s" as "%s"', (expression, expected) => {
    expect(describeExpression(expression)).toBe(expected);
  });

  it('lists up to six exact times and falls back to minutes and hours beyond that', () => {
    expect(describeExpression('0,30 8,12,16 * * *')).toBe(
      'At 08:00, 08:30, 12:00, 12:30, 16:00 and 16:30 UTC every day',
    );
    expect(describeExpression('0,30 8,10,12,16 * * *')).toBe(
      'At minutes 0 and 30 during hours 08, 10, 12 and 16 UTC',
    );
  });

  it('uses 11th, 12th and 13th, not 11st, 12nd and 13rd', () => {
    expect(describeExpression('0 0 */11 * *')).toBe('At 00:00 UTC on every 11th day of the month');
    expect(describeExpression('0 0 */12 * *')).toBe('At 00:00 UTC on every 12th day of the month');
    expect(describeExpression('0 0 */21 * *')).toBe('At 00:00 UTC on every 21st day of the month');
  });
});

describe('describeSchedule through a host’s messages', () => {
  const german: SpliceMessages = {
    ...defaultMessages,
    cronAtTimes: 'Um {times}',
    cronOnDays: 'am {days}',
    cronRange: '{start} bis {end}',
    cronEveryNthDayOfMonth: 'jedem {nth} Tag des Monats',
    cronListLast: '{list} und {last}',
    cronWeekdayNames: 'Sonntag,Montag,Dienstag,Mittwoch,Donnerstag,Freitag,Samstag',
    cronOrdinalOne: '{n}.',
    cronOrdinalTwo: '{n}.',
    cronOrdinalFew: '{n}.',
    cronOrdinalOther: '{n}.',
  };

  it('words every phrase, name, list and ordinal with the host’s strings', () => {
    expect(describeExpression('30 8 * * 1-5', german)).toBe('Um 08:30 am Montag bis Freitag');
    expect(describeExpression('0 9,17 * * 6,0', german)).toBe('Um 09:00 und 17:00 am Samstag und Sonntag');
    expect(describeExpression('0 0 */2 * *', german)).toBe('Um 00:00 am jedem 2. Tag des Monats');
  });

  it('answers undefined for an expression that is not a schedule', () => {
    expect(describeSchedule('a b c d e', defaultMessages)).toBeUndefined();
  });
});
