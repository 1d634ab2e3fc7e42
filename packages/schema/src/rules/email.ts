import { limits } from '../resources/limits.js';

/**
 * What makes an e-mail address acceptable, zod-free so that a browser can check an address without
 * bundling zod. `inviteRequestSchema` validates with this same pattern and length: one rule, two callers.
 * The pattern is zod's own e-mail pattern (an address a mail system will take, without quoted local parts).
 */
export const emailPattern =
  /^(?:[A-Za-z0-9_'+-]+\.)*[A-Za-z0-9_'+-]*[A-Za-z0-9_+-]@(?:[A-Za-z0-9][A-Za-z0-9-]*\.)+[A-Za-z]{2,}$/;

/** Why an address is refused: empty, longer than `limits.email`, or not shaped as an address. */
export type EmailProblem = 'required' | 'too_long' | 'invalid';

/** The address's problem, or null when the invite schema accepts it. */
export function emailProblem(email: string): EmailProblem | null {
  if (email.trim() === '') return 'required';
  if (!emailPattern.test(email)) return 'invalid';
  return email.length > limits.email ? 'too_long' : null;
}
