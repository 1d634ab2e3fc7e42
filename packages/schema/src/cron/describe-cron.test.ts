import { describe, expect, it } from 'vitest';
import { describeCron } from './describe-cron.js';
import { parseCron } from './parse-cron.js';

function describeExpression(expression: string) {
  const result = parseCron(expression);
  if (!result.ok) throw new Error(result.error.message);
  return describeCron(result.schedule);
}

// The English wording of these phrases is tested with the messages that word them, in @splice/react.
describe('describeCron', () => {
  it('describes a repetition as one phrase with its number', () => {
    expect(describeExpression('*/15 * * * *')).toEqual([{ key: 'everyNMinutes', params: { n: 15 } }]);
    expect(describeExpression('0 * * * *')).toEqual([{ key: 'everyHour' }]);
  });

  it('gives clock times as text and weekdays as numbers to name', () => {
    expect(describeExpression('0 9 * * 1-5')).toEqual([
      { key: 'atTimes', params: { times: ['09:00'] } },
      {
        key: 'onDays',
        params: { days: [{ key: 'range', params: { start: { weekday: 1 }, end: { weekday: 5 } } }] },
      },
    ]);
  });

  it('adds "every day" only to exact times, not to a repetition', () => {
    expect(describeExpression('0 9,17 * * *').map((p) => p.key)).toEqual(['atTimes', 'everyDay']);
    expect(describeExpression('*/15 9-17 * * *').map((p) => p.key)).toEqual(['betweenTimes']);
  });

  it('nests the minutes inside the hours, and steps become ordinals', () => {
    expect(describeExpression('30 */2 * * *')).toEqual([
      {
        key: 'ofEveryNthHour',
        params: { minutes: { key: 'atMinute', params: { minute: 30 } }, nth: { ordinal: 2 } },
      },
    ]);
  });

  it('keeps both day fields when either may match, and names months', () => {
    expect(describeExpression('0 12 1 jan 1')).toEqual([
      { key: 'atTimes', params: { times: ['12:00'] } },
      {
        key: 'onDaysOr',
        params: { days: { key: 'dayOfMonth', params: { days: [1] } }, weekdays: [{ weekday: 1 }] },
      },
      { key: 'inMonths', params: { months: [{ month: 1 }] } },
    ]);
  });
});
