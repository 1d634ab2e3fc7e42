import type { CronSchedule } from './parse-cron.js';
import { dayMatches } from './parse-cron.js';

export interface NextRunsOptions {
  /** Runs strictly after this instant. Default: now. */
  from?: Date;
  /** How many runs. Default 5. */
  count?: number;
  /**
   * Which clock the fields are read in. Default `utc`: where the service evaluates schedules is not
   * specified, and UTC at least never skips or repeats an hour. `local` uses the browser's time zone.
   */
  timeZone?: 'utc' | 'local';
}

interface Clock {
  fields(date: Date): [number, number, number, number, number];
  toDate(year: number, month: number, day: number, hour: number, minute: number): Date | undefined;
}

const utcClock: Clock = {
  fields: (d) => [
    d.getUTCFullYear(),
    d.getUTCMonth() + 1,
    d.getUTCDate(),
    d.getUTCHours(),
    d.getUTCMinutes(),
  ],
  toDate: (y, mo, d, h, mi) => new Date(Date.UTC(y, mo - 1, d, h, mi)),
};

const localClock: Clock = {
  fields: (d) => [d.getFullYear(), d.getMonth() + 1, d.getDate(), d.getHours(), d.getMinutes()],
  toDate: (y, mo, d, h, mi) => {
    const date = new Date(y, mo - 1, d, h, mi);
    // A wall time skipped by a daylight-saving change does not exist; the Date would silently move.
    return date.getHours() === h && date.getMinutes() === mi ? date : undefined;
  },
};

function daysInMonth(year: number, month: number): number {
  return new Date(Date.UTC(year, month, 0)).getUTCDate();
}

function weekday(year: number, month: number, day: number): number {
  return new Date(Date.UTC(year, month - 1, day)).getUTCDay();
}

/** The first allowed value >= `from`, or undefined when none is left in this unit. */
function nextAllowed(values: readonly number[], from: number): number | undefined {
  return values.find((value) => value >= from);
}

/**
 * The next `count` times the schedule fires after `from`. It walks the calendar a field at a time
 * (month, then day, hour, minute), so sparse schedules cost a few hundred steps, not a minute-by-minute scan.
 * Stops after 30 years, which only a 29 February schedule in an unlucky century could need.
 */
export function nextRuns(schedule: CronSchedule, options: NextRunsOptions = {}): Date[] {
  const clock = options.timeZone === 'local' ? localClock : utcClock;
  const count = options.count ?? 5;
  const runs: Date[] = [];
  let [year, month, day, hour, minute] = clock.fields(options.from ?? new Date());
  minute += 1; // strictly after `from`
  const lastYear = year + 30;

  while (runs.length < count && year <= lastYear) {
    // Carry overflows upwards, so each step below can simply move to the start of the next unit.
    if (minute > 59) [minute, hour] = [0, hour + 1];
    if (hour > 23) [hour, day] = [0, day + 1];
    if (month > 12) [month, year] = [1, year + 1];
    if (day > daysInMonth(year, month)) [day, month] = [1, month + 1];
    if (month > 12) [month, year] = [1, year + 1];

    const nextMonth = nextAllowed(schedule.month.values, month);
    if (nextMonth !== month) {
      if (nextMonth === undefined) [year, month] = [year + 1, schedule.month.values[0] ?? 1];
      else month = nextMonth;
      [day, hour, minute] = [1, 0, 0];
      continue;
    }
    if (!dayMatches(schedule, day, weekday(year, month, day))) {
      [day, hour, minute] = [day + 1, 0, 0];
      continue;
    }
    const nextHour = nextAllowed(schedule.hour.values, hour);
    if (nextHour !== hour) {
      if (nextHour === undefined) [day, hour, minute] = [day + 1, 0, 0];
      else [hour, minute] = [nextHour, 0];
      continue;
    }
    const nextMinute = nextAllowed(schedule.minute.values, minute);
    if (nextMinute === undefined) {
      [hour, minute] = [hour + 1, 0];
      continue;
    }
    const run = clock.toDate(year, month, day, hour, nextMinute);
    if (run) runs.push(run);
    minute = nextMinute + 1;
  }
  return runs;
}
