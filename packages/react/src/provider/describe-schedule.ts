import type { CronDescription, CronParam, CronPhrase } from '@splice/schema';
import { describeCron, parseCron } from '@splice/schema';
import type { CronMessageKey } from './cron-messages.js';
import type { SpliceMessages } from './messages.js';
import { formatMessage } from './messages.js';

/** English's ordinal categories: 1st, 2nd, 3rd, then th (and 11th, 12th, 13th). */
function ordinal(n: number, messages: SpliceMessages): string {
  const tens = n % 100;
  const unit = tens >= 11 && tens <= 13 ? 0 : n % 10;
  const template =
    unit === 1
      ? messages.cronOrdinalOne
      : unit === 2
        ? messages.cronOrdinalTwo
        : unit === 3
          ? messages.cronOrdinalFew
          : messages.cronOrdinalOther;
  return formatMessage(template, { n });
}

function list(words: string[], messages: SpliceMessages): string {
  if (words.length <= 1) return words[0] ?? '';
  const last = words.at(-1) ?? '';
  return formatMessage(messages.cronListLast, {
    list: words.slice(0, -1).join(messages.cronListSeparator),
    last,
  });
}

// `Array.isArray` does not narrow a readonly array.
const isList = (value: CronParam): value is readonly CronParam[] => Array.isArray(value);

function param(value: CronParam, messages: SpliceMessages): string {
  if (typeof value === 'number' || typeof value === 'string') return String(value);
  if (isList(value))
    return list(
      value.map((v) => param(v, messages)),
      messages,
    );
  if ('key' in value) return phrase(value, messages);
  if ('ordinal' in value) return ordinal(value.ordinal, messages);
  if ('month' in value) return messages.cronMonthNames.split(',')[value.month - 1] ?? String(value.month);
  return messages.cronWeekdayNames.split(',')[value.weekday % 7] ?? String(value.weekday);
}

function phrase(part: CronPhrase, messages: SpliceMessages): string {
  const key = `cron${part.key[0]?.toUpperCase()}${part.key.slice(1)}` as CronMessageKey;
  const values = Object.fromEntries(
    // Numbers stay numbers, so that a plural choice ("Every {n, plural, …}") can read them.
    Object.entries(part.params ?? {}).map(([name, value]) => [
      name,
      typeof value === 'number' ? value : param(value, messages),
    ]),
  );
  return formatMessage(messages[key], values, messages.locale);
}

/** A description from `describeCron` in words, through the host's messages. */
export function formatCronDescription(description: CronDescription, messages: SpliceMessages): string {
  return description.map((part) => phrase(part, messages)).join(' ');
}

/**
 * A cron schedule in words, e.g. "Every 15 minutes" or "At 09:00 on Monday", through the host's
 * messages; undefined when the expression is not a valid schedule.
 */
export function describeSchedule(expression: string, messages: SpliceMessages): string | undefined {
  const parsed = parseCron(expression);
  return parsed.ok ? formatCronDescription(describeCron(parsed.schedule), messages) : undefined;
}
