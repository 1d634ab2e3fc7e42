export type CronFieldName = 'minute' | 'hour' | 'dayOfMonth' | 'month' | 'dayOfWeek';

export interface CronFieldSpec {
  name: CronFieldName;
  min: number;
  max: number;
  /** Three-letter names accepted in place of numbers (case-insensitive), index = value - min. */
  names?: readonly string[];
}

export const monthNames = [
  'JAN',
  'FEB',
  'MAR',
  'APR',
  'MAY',
  'JUN',
  'JUL',
  'AUG',
  'SEP',
  'OCT',
  'NOV',
  'DEC',
] as const;
export const dayNames = ['SUN', 'MON', 'TUE', 'WED', 'THU', 'FRI', 'SAT'] as const;

/** The five fields in order. Day of week accepts 0-7, where 7 is Sunday again (as in Vixie cron). */
export const cronFields: readonly CronFieldSpec[] = [
  { name: 'minute', min: 0, max: 59 },
  { name: 'hour', min: 0, max: 23 },
  { name: 'dayOfMonth', min: 1, max: 31 },
  { name: 'month', min: 1, max: 12, names: monthNames },
  { name: 'dayOfWeek', min: 0, max: 7, names: dayNames },
];
