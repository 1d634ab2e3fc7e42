import type { BrowserSearchResponse, Installation, Invite, Problem } from '@splice/schema';

/** The problem object of a non-2xx answer. */
export async function problemOf(response: Response): Promise<Problem> {
  return (await response.json()) as Problem;
}

export async function installationOf(response: Response): Promise<Installation> {
  return (await response.json()) as Installation;
}

export async function searchOf(response: Response): Promise<BrowserSearchResponse> {
  return (await response.json()) as BrowserSearchResponse;
}

export async function inviteOf(response: Response): Promise<Invite> {
  return (await response.json()) as Invite;
}
