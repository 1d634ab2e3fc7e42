/** New values for the activity generator's updates that read the same in either provider. */
import { intBetween, pick, type Random } from '@splice/sandbox-data';

/** A different value than `current`, drawn from `values`. */
export function another<T>(random: Random, values: readonly T[], current: T): T {
  const others = values.filter((value) => value !== current);
  return others.length === 0 ? current : pick(random, others);
}

/** A new number under the same calling code (`+44 ...`), in the generator's three groups of digits. */
export function anotherPhone(random: Random, current: string | null, fallback: string | null): string | null {
  const callingCode = current === null ? undefined : /^\+\d+/.exec(current)?.[0];
  if (callingCode === undefined) return fallback;
  const last = String(intBetween(random, 0, 9999)).padStart(4, '0');
  return `${callingCode} ${intBetween(random, 200, 999)} ${intBetween(random, 100, 999)} ${last}`;
}

/** A head count grown or shrunk by up to a fifth, never the same and never below one. */
export function anotherHeadCount(random: Random, current: number): number {
  const next = Math.max(1, Math.round(current * (0.8 + 0.4 * random())));
  return next === current ? current + 1 : next;
}
