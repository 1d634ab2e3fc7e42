/** `SPLICE_SANDBOX_ACTIVITY`: how many changes per minute each emulated account makes while it runs. */

export const activityVariable = 'SPLICE_SANDBOX_ACTIVITY';
/** A few changes a minute: enough for a scheduled read to find something new, few enough to follow. */
export const defaultChangesPerMinute = 3;

/** The rate the environment asks for: unset or empty gives the default, 0 keeps the accounts still. */
export function activityRate(environment: Readonly<Record<string, string | undefined>>): number {
  const raw = environment[activityVariable]?.trim();
  if (raw === undefined || raw === '') return defaultChangesPerMinute;
  const rate = Number(raw);
  if (!/^\d+(\.\d+)?$/.test(raw) || !Number.isFinite(rate)) {
    throw new Error(
      `${activityVariable} must be a number of changes per minute (0 or more, e.g. 3), not "${raw}"`,
    );
  }
  return rate;
}
