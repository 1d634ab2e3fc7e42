import type { CronPhraseKey } from '@splice/schema';

/** The message key that words each phrase of a schedule's description (see `describeCron`). */
export type CronMessageKey = `cron${Capitalize<CronPhraseKey>}`;

/**
 * A schedule in words, phrase by phrase. Schedules run in UTC, so every phrase that names a time of day
 * says "UTC" (the wizard shows the next runs in the user's own time beside it).: `describeSchedule` fills these with the schedule's numbers,
 * times, names and nested phrases. Lists join with `cronListSeparator` and `cronListLast`; names and
 * ordinals come from the messages below, so a host can translate a whole description.
 */
export const cronMessages = {
  cronAtTimes: 'At {times} UTC',
  cronEveryHour: 'Every hour',
  cronEveryNHours: 'Every {n, plural, one {hour} other {# hours}}',
  cronEveryHourFromThrough: 'Every hour from {start} through {end} UTC',
  cronEveryMinute: 'Every minute',
  cronEveryNMinutes: 'Every {n, plural, one {minute} other {# minutes}}',
  cronEveryMinuteFromThrough: 'Every minute from minute {start} through {end}',
  cronEveryNMinutesFromThrough:
    'Every {n, plural, one {minute} other {# minutes}} from minute {start} through {end}',
  cronAtMinute: 'At minute {minute}',
  cronAtMinutes: 'At minutes {minutes}',
  cronOfEveryHour: '{minutes} of every hour',
  cronOfEveryNthHour: '{minutes} of every {nth} hour',
  cronDuringEveryNthHour: '{minutes} during every {nth} hour',
  cronBetweenTimes: '{minutes} between {start} and {end} UTC',
  cronDuringHours: '{minutes} during hours {hours} UTC',
  cronRange: '{start} through {end}',
  cronRangeEveryNth: 'every {nth} from {start} through {end}',
  cronOnDays: 'on {days}',
  cronOnDaysOr: 'on {days} or on {weekdays}',
  cronOnDaysIf: 'on {days} if it is {weekdays}',
  cronEveryDay: 'every day',
  cronDayOfMonth: 'day {days} of the month',
  cronDaysOfMonth: 'days {days} of the month',
  cronEveryNthDayOfMonth: 'every {nth} day of the month',
  cronEveryNthDayOfWeek: 'every {nth} day of the week',
  cronInMonths: 'in {months}',
  cronInEveryNthMonth: 'in every {nth} month',
  cronFromMonthThrough: 'from {start} through {end}',
  cronListSeparator: ', ',
  cronListLast: '{list} and {last}',
  /** Comma-separated, January first. */
  cronMonthNames: 'January,February,March,April,May,June,July,August,September,October,November,December',
  /** Comma-separated, Sunday first. */
  cronWeekdayNames: 'Sunday,Monday,Tuesday,Wednesday,Thursday,Friday,Saturday',
  /** Ordinals by English's rule (1st, 2nd, 3rd, 4th, 11th); a language with one form sets all four alike. */
  cronOrdinalOne: '{n}st',
  cronOrdinalTwo: '{n}nd',
  cronOrdinalFew: '{n}rd',
  cronOrdinalOther: '{n}th',
} as const satisfies Record<CronMessageKey, string> & Record<string, string>;
