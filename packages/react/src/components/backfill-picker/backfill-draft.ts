import type { BackfillPeriod } from '@splice/schema';
import { limits } from '@splice/schema';

/** What the picker emits: exactly one of the two forms of backfill `defaultPeriod` (docs/service-interface.md#backfill). */
export type BackfillValue = { defaultPeriod: { days: number } } | { defaultPeriod: { fullHistory: true } };

/** What it accepts: any stored backfill, e.g. `{ days: 0, fullHistory: false }` from an installation. */
export interface BackfillInput {
  defaultPeriod: BackfillPeriod;
}

export type BackfillMode = 'none' | 'days' | 'full';
export type BackfillChoice = number | 'custom';

/** The picker's view state: kept whole while the user switches modes, so nothing typed is lost. */
export interface BackfillDraft {
  mode: BackfillMode;
  choice: BackfillChoice;
  customText: string;
}

export type CustomDaysError = 'required' | 'invalid' | 'too-large';

export const defaultPresets: readonly number[] = [7, 30, 90, 365];
/** The schema's upper bound: larger numbers are refused by the server anyway. */
export const defaultMaxDays = limits.backfillDays;

export function defaultChoice(presets: readonly number[]): BackfillChoice {
  return presets.includes(30) ? 30 : (presets[0] ?? 'custom');
}

export function draftFrom(value: BackfillInput | undefined, presets: readonly number[]): BackfillDraft {
  const period = value?.defaultPeriod;
  const base = { choice: defaultChoice(presets), customText: '' };
  if (period?.fullHistory === true) return { ...base, mode: 'full' };
  const days = period?.days ?? 0;
  if (days <= 0) return { ...base, mode: 'none' };
  if (presets.includes(days)) return { ...base, mode: 'days', choice: days };
  return { mode: 'days', choice: 'custom', customText: String(days) };
}

/** Integer >= 0 up to `maxDays`; digits only, so "1e3", "-0" and "7.5" are refused rather than rounded. */
export function parseCustomDays(
  text: string,
  maxDays: number,
): { days: number } | { error: CustomDaysError } {
  const trimmed = text.trim();
  if (trimmed === '') return { error: 'required' };
  if (!/^\d+$/.test(trimmed)) return { error: 'invalid' };
  const days = Number(trimmed);
  if (days > maxDays) return { error: 'too-large' };
  return { days };
}

/** The value a draft stands for, or undefined while its custom number is not valid. */
export function valueFrom(draft: BackfillDraft, maxDays: number): BackfillValue | undefined {
  if (draft.mode === 'full') return { defaultPeriod: { fullHistory: true } };
  if (draft.mode === 'none') return { defaultPeriod: { days: 0 } };
  if (draft.choice !== 'custom') return { defaultPeriod: { days: draft.choice } };
  const parsed = parseCustomDays(draft.customText, maxDays);
  return 'days' in parsed ? { defaultPeriod: { days: parsed.days } } : undefined;
}

/** Same meaning, whatever the form: `{ days: 0 }`, `{}` and `{ fullHistory: false }` are all "none". */
export function sameBackfill(a: BackfillInput | undefined, b: BackfillInput | undefined): boolean {
  const key = (v: BackfillInput | undefined) =>
    v?.defaultPeriod.fullHistory === true ? 'full' : String(v?.defaultPeriod.days ?? 0);
  return key(a) === key(b);
}
