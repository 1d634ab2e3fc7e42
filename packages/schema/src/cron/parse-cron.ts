import type { CronFieldName, CronFieldSpec } from './cron-fields.js';
import { cronFields } from './cron-fields.js';

/** One comma-separated part of a field: `*`, `5`, `1-5`, `*\/15`, `1-30/5` or `10/5`. */
export interface CronItem {
  start: number;
  end: number;
  step: number;
  /** Written with `*`. */
  star: boolean;
}

export interface CronField {
  /** Every value the field allows, ascending; for day of week, 7 is folded into 0 (Sunday). */
  values: readonly number[];
  items: readonly CronItem[];
  /** The field starts with `*`: for the day fields this decides AND versus OR (see `dayMatches`). */
  star: boolean;
  /** Allows every value of its range. */
  all: boolean;
}

export interface CronSchedule {
  expression: string;
  minute: CronField;
  hour: CronField;
  dayOfMonth: CronField;
  month: CronField;
  dayOfWeek: CronField;
}

export type CronErrorCode =
  | 'field-count'
  | 'empty-part'
  | 'invalid-value'
  | 'out-of-range'
  | 'invalid-range'
  | 'invalid-step'
  | 'never-runs';

/** A parse error with a code and its parameters, so a UI can word it in any language. */
export interface CronError {
  code: CronErrorCode;
  field?: CronFieldName;
  token?: string;
  min?: number;
  max?: number;
  /** English default. */
  message: string;
}

export type CronParseResult = { ok: true; schedule: CronSchedule } | { ok: false; error: CronError };

const fieldLabels: Record<CronFieldName, string> = {
  minute: 'minute',
  hour: 'hour',
  dayOfMonth: 'day of month',
  month: 'month',
  dayOfWeek: 'day of week',
};

class CronSyntaxError extends Error {
  constructor(readonly detail: CronError) {
    super(detail.message);
  }
}

function fail(error: CronError): never {
  throw new CronSyntaxError(error);
}

function parseValue(token: string, spec: CronFieldSpec): number {
  const label = fieldLabels[spec.name];
  let value: number;
  if (/^\d+$/.test(token)) value = Number(token);
  else {
    const index = spec.names?.indexOf(token.toUpperCase()) ?? -1;
    if (index < 0) {
      const hint = spec.names ? ` or a name such as ${spec.names[1]}` : '';
      fail({
        code: 'invalid-value',
        field: spec.name,
        token,
        message: `"${token}" is not a valid ${label}: use a number${hint}.`,
      });
    }
    value = index + spec.min;
  }
  if (value < spec.min || value > spec.max) {
    fail({
      code: 'out-of-range',
      field: spec.name,
      token,
      min: spec.min,
      max: spec.max,
      message: `${value} is out of range for the ${label}: use ${spec.min} to ${spec.max}.`,
    });
  }
  return value;
}

function parseItem(part: string, spec: CronFieldSpec): CronItem {
  const label = fieldLabels[spec.name];
  if (part === '')
    fail({ code: 'empty-part', field: spec.name, message: `The ${label} has an empty list item.` });
  const [rangeText = '', stepText, extra] = part.split('/');
  if (extra !== undefined || stepText === '') {
    fail({ code: 'invalid-step', field: spec.name, token: part, message: `"${part}" has an invalid step.` });
  }
  let step = 1;
  if (stepText !== undefined) {
    step = /^\d+$/.test(stepText) ? Number(stepText) : 0;
    if (step < 1) {
      fail({
        code: 'invalid-step',
        field: spec.name,
        token: part,
        message: `"${stepText}" is not a valid step for the ${label}: use a whole number of 1 or more.`,
      });
    }
  }
  if (rangeText === '*') return { start: spec.min, end: spec.max, step, star: true };
  const bounds = rangeText.split('-');
  if (bounds.length > 2) {
    fail({
      code: 'invalid-range',
      field: spec.name,
      token: part,
      message: `"${rangeText}" is not a valid range.`,
    });
  }
  const start = parseValue(bounds[0] ?? '', spec);
  // `10/5` means from 10 to the end of the range, every 5.
  const end =
    bounds[1] !== undefined ? parseValue(bounds[1], spec) : stepText !== undefined ? spec.max : start;
  if (end < start) {
    fail({
      code: 'invalid-range',
      field: spec.name,
      token: part,
      message: `"${rangeText}" runs backwards: write the smaller ${label} first.`,
    });
  }
  return { start, end, step, star: false };
}

function parseField(text: string, spec: CronFieldSpec): CronField {
  const items = text.split(',').map((part) => parseItem(part, spec));
  const set = new Set<number>();
  for (const item of items) {
    for (let value = item.start; value <= item.end; value += item.step) {
      set.add(spec.name === 'dayOfWeek' && value === 7 ? 0 : value);
    }
  }
  const values = [...set].sort((a, b) => a - b);
  const size = spec.name === 'dayOfWeek' ? 7 : spec.max - spec.min + 1;
  return { values, items, star: text.startsWith('*'), all: values.length === size };
}

const daysInMonthMax = [31, 29, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];

/** With day of week unrestricted only day of month decides: `30 2` (30 February) can never happen. */
function checkRuns(schedule: CronSchedule) {
  const { dayOfMonth, dayOfWeek, month } = schedule;
  if (dayOfMonth.star || !dayOfWeek.star) return;
  const possible = month.values.some((m) =>
    dayOfMonth.values.some((d) => d <= (daysInMonthMax[m - 1] ?? 31)),
  );
  if (!possible) {
    fail({
      code: 'never-runs',
      field: 'dayOfMonth',
      message: 'This schedule never runs: none of its months has that day.',
    });
  }
}

/**
 * Parses a five-field cron expression (minute, hour, day of month, month, day of week) with numbers,
 * `*`, ranges, steps, lists and month/day names, as Vixie cron reads it. Macros such as `@daily` and the
 * Quartz extensions (`?`, `L`, `W`, `#`) are refused: the interface asks for plain cron syntax (docs/service-interface.md#read-config).
 */
export function parseCron(expression: string): CronParseResult {
  const parts = expression.trim().split(/\s+/).filter(Boolean);
  if (parts.length !== 5) {
    return {
      ok: false,
      error: {
        code: 'field-count',
        message: `A schedule has five fields (minute, hour, day of month, month, day of week); this one has ${parts.length}.`,
      },
    };
  }
  try {
    const [minute, hour, dayOfMonth, month, dayOfWeek] = cronFields.map((spec, i) =>
      parseField(parts[i] ?? '', spec),
    ) as [CronField, CronField, CronField, CronField, CronField];
    const schedule: CronSchedule = {
      expression: parts.join(' '),
      minute,
      hour,
      dayOfMonth,
      month,
      dayOfWeek,
    };
    checkRuns(schedule);
    return { ok: true, schedule };
  } catch (error) {
    if (error instanceof CronSyntaxError) return { ok: false, error: error.detail };
    throw error;
  }
}

/**
 * Cron's day rule: when both day fields are restricted (neither starts with `*`), a day matches if
 * either does; otherwise both must (an unrestricted field matches every day anyway).
 */
export function dayMatches(schedule: CronSchedule, dayOfMonth: number, dayOfWeek: number): boolean {
  const dom = schedule.dayOfMonth.values.includes(dayOfMonth);
  const dow = schedule.dayOfWeek.values.includes(dayOfWeek);
  if (!schedule.dayOfMonth.star && !schedule.dayOfWeek.star) return dom || dow;
  return dom && dow;
}
