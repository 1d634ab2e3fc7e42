/** The demo's users (apps/demo/src/demo-users.ts), as a tester refers to them. */
export const users = {
  alice: { id: 'alice@acme', name: 'Alice Archer', company: 'Acme Corp', groupRef: 'acme' },
  bob: { id: 'bob@globex', name: 'Bob Baxter', company: 'Globex', groupRef: 'globex' },
  carol: { id: 'carol@initech', name: 'Carol Chen', company: 'Initech', groupRef: 'initech' },
} as const;

export type DemoUser = (typeof users)[keyof typeof users];
