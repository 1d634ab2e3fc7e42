import type { CronField, CronItem, CronSchedule } from './parse-cron.js';

/** The phrases a schedule's description is made of; a UI words each one (in any language). */
export type CronPhraseKey =
  | 'atTimes'
  | 'everyHour'
  | 'everyNHours'
  | 'everyHourFromThrough'
  | 'everyMinute'
  | 'everyNMinutes'
  | 'everyMinuteFromThrough'
  | 'everyNMinutesFromThrough'
  | 'atMinute'
  | 'atMinutes'
  | 'ofEveryHour'
  | 'ofEveryNthHour'
  | 'duringEveryNthHour'
  | 'betweenTimes'
  | 'duringHours'
  | 'range'
  | 'rangeEveryNth'
  | 'onDays'
  | 'onDaysOr'
  | 'onDaysIf'
  | 'everyDay'
  | 'dayOfMonth'
  | 'daysOfMonth'
  | 'everyNthDayOfMonth'
  | 'everyNthDayOfWeek'
  | 'inMonths'
  | 'inEveryNthMonth'
  | 'fromMonthThrough';

/**
 * A phrase's parameter: a number or a text to show as is (`09:00`), an ordinal (`{ ordinal: 2 }`:
 * "2nd"), a month (1-12) or a weekday (0-7, 0 and 7 are Sunday) to name, a nested phrase, or a list
 * ("a, b and c").
 */
export type CronParam =
  | number
  | string
  | { ordinal: number }
  | { month: number }
  | { weekday: number }
  | CronPhrase
  | readonly CronParam[];

export interface CronPhrase {
  key: CronPhraseKey;
  params?: Record<string, CronParam>;
}

/** A schedule in words, as phrases to join with spaces: the time of day, then the days, then the months. */
export type CronDescription = readonly CronPhrase[];

const phrase = (key: CronPhraseKey, params?: Record<string, CronParam>): CronPhrase =>
  params ? { key, params } : { key };

const two = (n: number) => String(n).padStart(2, '0');
const time = (hour: number, minute: number) => `${two(hour)}:${two(minute)}`;

const isValue = (item: CronItem) => !item.star && item.start === item.end;
const isSingle = (field: CronField) => field.items.length === 1 && isValue(field.items[0] as CronItem);
const onlyValues = (field: CronField) => field.items.every(isValue);
/** `*\/n`: the whole range in steps of n. */
const starStep = (field: CronField) =>
  field.items.length === 1 && field.items[0]?.star === true && !field.all ? field.items[0].step : undefined;
/** `a-b`: one plain range. */
const plainRange = (field: CronField) => {
  const item = field.items[0];
  return field.items.length === 1 && item && !item.star && item.step === 1 && item.end > item.start
    ? item
    : undefined;
};

/** Each item of a field: "5", "1 through 5", "every 2nd from 1 through 9". */
function items(field: CronField, label: (value: number) => CronParam): CronParam[] {
  return field.items.map((item) => {
    if (isValue(item)) return label(item.start);
    const range = { start: label(item.start), end: label(item.end) };
    return item.step === 1
      ? phrase('range', range)
      : phrase('rangeEveryNth', { ...range, nth: { ordinal: item.step } });
  });
}

function minutesPhrase(minute: CronField): { phrase: CronPhrase; repeating: boolean } {
  const step = starStep(minute);
  const only = minute.items.length === 1 ? minute.items[0] : undefined;
  const span = only && !only.star && only.end > only.start ? only : undefined;
  if (minute.all) return { phrase: phrase('everyMinute'), repeating: true };
  if (step) return { phrase: phrase('everyNMinutes', { n: step }), repeating: true };
  if (span) {
    const bounds = { start: span.start, end: span.end };
    return {
      phrase:
        span.step === 1
          ? phrase('everyMinuteFromThrough', bounds)
          : phrase('everyNMinutesFromThrough', { n: span.step, ...bounds }),
      repeating: true,
    };
  }
  if (onlyValues(minute) && minute.values.length === 1) {
    return { phrase: phrase('atMinute', { minute: minute.values[0] ?? 0 }), repeating: false };
  }
  return { phrase: phrase('atMinutes', { minutes: items(minute, (m) => m) }), repeating: false };
}

function timeOfDay(schedule: CronSchedule): CronPhrase {
  const { minute, hour } = schedule;
  if (onlyValues(minute) && onlyValues(hour) && minute.values.length * hour.values.length <= 6) {
    return phrase('atTimes', { times: hour.values.flatMap((h) => minute.values.map((m) => time(h, m))) });
  }
  const minuteZero = isSingle(minute) && minute.values[0] === 0;
  const hourStep = starStep(hour);
  const hourRange = plainRange(hour);
  if (minuteZero && hour.all) return phrase('everyHour');
  if (minuteZero && hourStep) return phrase('everyNHours', { n: hourStep });
  if (minuteZero && hourRange) {
    return phrase('everyHourFromThrough', { start: time(hourRange.start, 0), end: time(hourRange.end, 0) });
  }
  const { phrase: minutes, repeating } = minutesPhrase(minute);
  if (hour.all) return repeating ? minutes : phrase('ofEveryHour', { minutes });
  if (hourStep) {
    return phrase(repeating ? 'duringEveryNthHour' : 'ofEveryNthHour', {
      minutes,
      nth: { ordinal: hourStep },
    });
  }
  const hours =
    hourRange ?? (isSingle(hour) ? { start: hour.values[0] ?? 0, end: hour.values[0] ?? 0 } : undefined);
  if (hours)
    return phrase('betweenTimes', { minutes, start: time(hours.start, 0), end: time(hours.end, 59) });
  return phrase('duringHours', { minutes, hours: items(hour, two) });
}

function daysOfMonth(field: CronField): CronParam {
  const step = starStep(field);
  if (step) return phrase('everyNthDayOfMonth', { nth: { ordinal: step } });
  return phrase(isSingle(field) ? 'dayOfMonth' : 'daysOfMonth', { days: items(field, (d) => d) });
}

function daysOfWeek(field: CronField): CronParam {
  const step = starStep(field);
  if (step) return phrase('everyNthDayOfWeek', { nth: { ordinal: step } });
  return items(field, (weekday) => ({ weekday }));
}

function months(field: CronField): CronPhrase {
  const step = starStep(field);
  if (step) return phrase('inEveryNthMonth', { nth: { ordinal: step } });
  const range = plainRange(field);
  if (range) return phrase('fromMonthThrough', { start: { month: range.start }, end: { month: range.end } });
  return phrase('inMonths', { months: items(field, (month) => ({ month })) });
}

/** A time of day that names its minutes ("At 09:00", "At minute 5 between ..."), not a repetition. */
function atClockTimes(time: CronPhrase): boolean {
  if (time.key === 'atTimes') return true;
  const minutes = time.params?.minutes as CronPhrase | undefined;
  return time.key === 'betweenTimes' && (minutes?.key === 'atMinute' || minutes?.key === 'atMinutes');
}

/**
 * A parsed schedule in words, e.g. `[everyNMinutes {n: 15}]` for "Every 15 minutes", or `[atTimes
 * {times: ['09:00']}, onDays {days: [{weekday: 1}]}]` for "At 09:00 on Monday". Phrases, not text:
 * the UI words them through its replaceable messages, so a host can translate them.
 */
export function describeCron(schedule: CronSchedule): CronDescription {
  const { dayOfMonth, dayOfWeek, month } = schedule;
  const time = timeOfDay(schedule);
  const parts = [time];
  const domRestricted = !dayOfMonth.all;
  const dowRestricted = !dayOfWeek.all;
  if (domRestricted && dowRestricted) {
    // Cron's day rule (see `dayMatches`): either day field when both are restricted, else both.
    const key = !dayOfMonth.star && !dayOfWeek.star ? 'onDaysOr' : 'onDaysIf';
    parts.push(phrase(key, { days: daysOfMonth(dayOfMonth), weekdays: daysOfWeek(dayOfWeek) }));
  } else if (domRestricted) parts.push(phrase('onDays', { days: daysOfMonth(dayOfMonth) }));
  else if (dowRestricted) parts.push(phrase('onDays', { days: daysOfWeek(dayOfWeek) }));
  else if (atClockTimes(time)) parts.push(phrase('everyDay'));
  if (!month.all) parts.push(months(month));
  return parts;
}
