import { describe, expect, it } from 'vitest';
import { nextRuns } from './next-runs.js';
import { parseCron } from './parse-cron.js';

function runs(expression: string, from: string, count = 5): string[] {
  const result = parseCron(expression);
  if (!result.ok) throw new Error(result.error.message);
  return nextRuns(result.schedule, { from: new Date(from), count }).map((d) => d.toISOString());
}

describe('nextRuns (UTC)', () => {
  it('gives the next quarter hours strictly after the start', () => {
    expect(runs('*/15 * * * *', '2026-11-21T10:15:00Z', 3)).toEqual([
      '2026-11-21T10:30:00.000Z',
      '2026-11-21T10:45:00.000Z',
      '2026-11-21T11:00:00.000Z',
    ]);
  });

  it('ignores seconds of the start time', () => {
    expect(runs('* * * * *', '2026-11-21T10:15:59.999Z', 1)).toEqual(['2026-11-21T10:16:00.000Z']);
  });

  it('rolls over midnight, month end and year end', () => {
    expect(runs('30 23 * * *', '2026-12-31T23:45:00Z', 2)).toEqual([
      '2027-01-01T23:30:00.000Z',
      '2027-01-02T23:30:00.000Z',
    ]);
  });

  it('runs at 09:00 on Mondays only', () => {
    // 2026-11-21 is a Saturday.
    expect(runs('0 9 * * 1', '2026-11-21T00:00:00Z', 3)).toEqual([
      '2026-11-23T09:00:00.000Z',
      '2026-11-30T09:00:00.000Z',
      '2026-12-07T09:00:00.000Z',
    ]);
  });

  it('skips months without the day: the 31st runs in long months only', () => {
    expect(runs('0 0 31 * *', '2026-01-31T12:00:00Z', 3)).toEqual([
      '2026-03-31T00:00:00.000Z',
      '2026-05-31T00:00:00.000Z',
      '2026-07-31T00:00:00.000Z',
    ]);
  });

  it('finds 29 February in the next leap year', () => {
    expect(runs('0 0 29 2 *', '2026-03-01T00:00:00Z', 2)).toEqual([
      '2028-02-29T00:00:00.000Z',
      '2032-02-29T00:00:00.000Z',
    ]);
  });

  it('matches either day field when both are restricted', () => {
    // The 1st of the month, or any Friday: December 2026 starts on a Tuesday.
    expect(runs('0 12 1 * 5', '2026-11-30T13:00:00Z', 3)).toEqual([
      '2026-12-01T12:00:00.000Z',
      '2026-12-04T12:00:00.000Z',
      '2026-12-11T12:00:00.000Z',
    ]);
  });

  it('runs on weekdays within office hours', () => {
    // Friday 17:00 is the last run of the week, then Monday 09:00.
    expect(runs('0 9-17 * * 1-5', '2026-11-20T16:30:00Z', 3)).toEqual([
      '2026-11-20T17:00:00.000Z',
      '2026-11-23T09:00:00.000Z',
      '2026-11-23T10:00:00.000Z',
    ]);
  });

  it('moves to the next allowed month and year', () => {
    expect(runs('0 0 1 jan,jul *', '2026-07-01T00:00:00Z', 2)).toEqual([
      '2027-01-01T00:00:00.000Z',
      '2027-07-01T00:00:00.000Z',
    ]);
  });

  it('gives as many runs as asked for, five by default', () => {
    const result = parseCron('0 * * * *');
    if (!result.ok) throw new Error('invalid');
    expect(nextRuns(result.schedule, { from: new Date('2026-01-01T00:00:00Z') })).toHaveLength(5);
    expect(nextRuns(result.schedule, { from: new Date('2026-01-01T00:00:00Z'), count: 12 })).toHaveLength(12);
  });

  it('reads the fields on the local clock when asked', () => {
    const result = parseCron('30 9 * * *');
    if (!result.ok) throw new Error('invalid');
    const [run] = nextRuns(result.schedule, { from: new Date(2026, 10, 21, 8, 0), timeZone: 'local' });
    expect([run?.getHours(), run?.getMinutes(), run?.getDate()]).toEqual([9, 30, 21]);
  });
});
