import type { Page } from '@playwright/test';

/**
 * The demo's users (apps/demo/src/demo-users.ts), as a tester refers to them, with the CRM each company
 * has connected in the demo data (Acme's HubSpot, Globex's Salesforce) and the integration that syncs it.
 */
export const users = {
  alice: {
    id: 'alice@acme',
    name: 'Alice Archer',
    company: 'Acme Corp',
    groupRef: 'acme',
    crm: 'hubspot',
    integration: 'hubspot-sync',
  },
  bob: {
    id: 'bob@globex',
    name: 'Bob Baxter',
    company: 'Globex',
    groupRef: 'globex',
    crm: 'salesforce',
    integration: 'salesforce-sync',
  },
  carol: {
    id: 'carol@initech',
    name: 'Carol Chen',
    company: 'Initech',
    groupRef: 'initech',
    crm: null,
    integration: null,
  },
} as const;

export type DemoUser = (typeof users)[keyof typeof users];

/** A user whose company has a CRM connected in the demo data. */
export type ConnectedUser = Extract<DemoUser, { crm: string }>;

/** The demo user the page's session is signed in as (`GET /demo/session`). */
export async function signedInUser(page: Page): Promise<DemoUser> {
  const answer = (await (await page.request.get('/demo/session')).json()) as { user: { id: string } | null };
  const user = Object.values(users).find((candidate) => candidate.id === answer.user?.id);
  if (!user) throw new Error('No demo user is signed in on this page.');
  return user;
}

/** The signed-in user, who must be of a company with a CRM connected in the demo data. */
export async function signedInConnectedUser(page: Page): Promise<ConnectedUser> {
  const user = await signedInUser(page);
  if (!user.crm) throw new Error(`${user.id}'s company has no CRM in the demo data: name one.`);
  return user as ConnectedUser;
}
