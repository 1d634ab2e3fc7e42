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
  /** Whether the company has connected its CRM (the embedded service's demo data set). */
  connected: boolean;
}

export const demoUsers: readonly DemoUser[] = [
  { id: 'alice@acme', name: 'Alice Archer', groupRef: 'acme', company: 'Acme Corp', connected: true },
  { id: 'bob@globex', name: 'Bob Baxter', groupRef: 'globex', company: 'Globex', connected: true },
  { id: 'carol@initech', name: 'Carol Chen', groupRef: 'initech', company: 'Initech', connected: false },
];

export function findDemoUser(id: string): DemoUser | undefined {
  return demoUsers.find((user) => user.id === id);
}
