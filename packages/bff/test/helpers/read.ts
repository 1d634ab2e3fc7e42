import type { Installation, Invite, Problem } from '@splice/schema';
import type { BffSearchResponse } from '../../src/index.js';

/** The problem object of a non-2xx answer. */
export async function problemOf(response: Response): Promise<Problem> {
  return (await response.json()) as Problem;
}

export async function installationOf(response: Response): Promise<Installation> {
  return (await response.json()) as Installation;
}

export async function searchOf(response: Response): Promise<BffSearchResponse> {
  return (await response.json()) as BffSearchResponse;
}

export async function inviteOf(response: Response): Promise<Invite> {
  return (await response.json()) as Invite;
}
