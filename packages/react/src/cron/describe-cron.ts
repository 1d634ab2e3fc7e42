import type { CronField, CronItem, CronSchedule } from './parse-cron.js';

const monthLabels = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
];
const dayLabels = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'];

function two(n: number): string {
  return String(n).padStart(2, '0');
}

function time(hour: number, minute: number): string {
  return `${two(hour)}:${two(minute)}`;
}

function ordinal(n: number): string {
  const tens = n % 100;
  if (tens >= 11 && tens <= 13) return `${n}th`;
  return `${n}${['th', 'st', 'nd', 'rd'][n % 10] ?? 'th'}`;
}

/** "a", "a and b", "a, b and c". */
function list(words: string[]): string {
  if (words.length <= 1) return words[0] ?? '';
  return `${words.slice(0, -1).join(', ')} and ${words.at(-1)}`;
}

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

/** Describes each item of a field: "5", "1 through 5", "every 2nd from 1 through 9". */
function items(field: CronField, label: (value: number) => string): string {
  return list(
    field.items.map((item) => {
      if (isValue(item)) return label(item.start);
      const range = `${label(item.start)} through ${label(item.end)}`;
      return item.step === 1 ? range : `every ${ordinal(item.step)} from ${range}`;
    }),
  );
}

function timeOfDay(schedule: CronSchedule): string {
  const { minute, hour } = schedule;
  if (onlyValues(minute) && onlyValues(hour) && minute.values.length * hour.values.length <= 6) {
    return `At ${list(hour.values.flatMap((h) => minute.values.map((m) => time(h, m))))}`;
  }
  const minuteZero = isSingle(minute) && minute.values[0] === 0;
  const hourStep = starStep(hour);
  const hourRange = plainRange(hour);
  if (minuteZero && hour.all) return 'Every hour';
  if (minuteZero && hourStep) return `Every ${hourStep} hours`;
  if (minuteZero && hourRange)
    return `Every hour from ${time(hourRange.start, 0)} through ${time(hourRange.end, 0)}`;

  const minuteStep = starStep(minute);
  const only = minute.items.length === 1 ? minute.items[0] : undefined;
  const minuteSpan = only && !only.star && only.end > only.start ? only : undefined;
  let minutePhrase: string;
  if (minute.all) minutePhrase = 'Every minute';
  else if (minuteStep) minutePhrase = `Every ${minuteStep} minutes`;
  else if (minuteSpan) {
    const every = minuteSpan.step === 1 ? 'Every minute' : `Every ${minuteSpan.step} minutes`;
    minutePhrase = `${every} from minute ${minuteSpan.start} through ${minuteSpan.end}`;
  } else if (onlyValues(minute)) {
    minutePhrase = `At minute${minute.values.length > 1 ? 's' : ''} ${list(minute.values.map(String))}`;
  } else minutePhrase = `At minutes ${items(minute, String)}`;
  const repeating = minute.all || minuteStep !== undefined || minuteSpan !== undefined;
  if (hour.all) return repeating ? minutePhrase : `${minutePhrase} of every hour`;
  if (hourStep) return `${minutePhrase} ${repeating ? 'during' : 'of'} every ${ordinal(hourStep)} hour`;
  if (hourRange) return `${minutePhrase} between ${time(hourRange.start, 0)} and ${time(hourRange.end, 59)}`;
  if (isSingle(hour)) {
    const h = hour.values[0] ?? 0;
    return `${minutePhrase} between ${time(h, 0)} and ${time(h, 59)}`;
  }
  return `${minutePhrase} during hours ${items(hour, (h) => two(h))}`;
}

function daysOfMonth(field: CronField): string {
  const step = starStep(field);
  if (step) return `every ${ordinal(step)} day of the month`;
  return `${isSingle(field) ? 'day' : 'days'} ${items(field, String)} of the month`;
}

function daysOfWeek(field: CronField): string {
  const step = starStep(field);
  if (step) return `every ${ordinal(step)} day of the week`;
  return items(field, (d) => dayLabels[d] ?? String(d));
}

function months(field: CronField): string {
  const step = starStep(field);
  if (step) return `in every ${ordinal(step)} month`;
  const range = plainRange(field);
  if (range) return `from ${monthLabels[range.start - 1]} through ${monthLabels[range.end - 1]}`;
  return `in ${items(field, (m) => monthLabels[m - 1] ?? String(m))}`;
}

/**
 * A plain English sentence for a parsed schedule, e.g. "Every 15 minutes" or "At 09:00 on Monday".
 * English only for now: the wizard shows the expression itself beside it, which needs no translation.
 */
export function describeCron(schedule: CronSchedule): string {
  const { dayOfMonth, dayOfWeek, month } = schedule;
  const parts = [timeOfDay(schedule)];
  const domRestricted = !dayOfMonth.all;
  const dowRestricted = !dayOfWeek.all;
  if (domRestricted && dowRestricted && !dayOfMonth.star && !dayOfWeek.star) {
    parts.push(`on ${daysOfMonth(dayOfMonth)} or on ${daysOfWeek(dayOfWeek)}`);
  } else if (domRestricted && dowRestricted) {
    parts.push(`on ${daysOfMonth(dayOfMonth)} if it is ${daysOfWeek(dayOfWeek)}`);
  } else if (domRestricted) parts.push(`on ${daysOfMonth(dayOfMonth)}`);
  else if (dowRestricted) parts.push(`on ${daysOfWeek(dayOfWeek)}`);
  else if (parts[0]?.startsWith('At ') && /\d\d:\d\d$/.test(parts[0])) parts.push('every day');
  if (!month.all) parts.push(months(month));
  return parts.join(' ');
}
