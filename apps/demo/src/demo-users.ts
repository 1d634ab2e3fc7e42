/**
 * Who can sign in to the demo. Shared by the server (which turns a user into a Splice session) and the
 * sign-in page (which shows each user's company, so that group scoping is visible).
 */
export interface DemoUser {
  /** What the user types to sign in; also the session's `consumerRef`. */
  id: string;
  name: string;
  /** The customer group (company) the user belongs to: every Splice call is scoped to it. */
  groupRef: string;
  company: string;
  /** The CRM the company has connected (the embedded service's demo data set), if any. */
  crm: 'HubSpot' | 'Salesforce' | null;
}

export const demoUsers: readonly DemoUser[] = [
  { id: 'alice@acme', name: 'Alice Archer', groupRef: 'acme', company: 'Acme Corp', crm: 'HubSpot' },
  { id: 'bob@globex', name: 'Bob Baxter', groupRef: 'globex', company: 'Globex', crm: 'Salesforce' },
  { id: 'carol@initech', name: 'Carol Chen', groupRef: 'initech', company: 'Initech', crm: null },
];

export function findDemoUser(id: string): DemoUser | undefined {
  return demoUsers.find((user) => user.id === id);
}
