import type { DemoUser } from './demo-users.js';

/** The signed-in user as `/demo/session` tells it; the cookie itself is HttpOnly and never read here. */
export type SignedInUser = DemoUser & { orgId: string; orgName: string };

interface SessionAnswer {
  user: SignedInUser | null;
}

async function answer(response: Response): Promise<SignedInUser | null> {
  if (!response.ok) throw new Error(`The sign-in service answered ${response.status}.`);
  return ((await response.json()) as SessionAnswer).user;
}

export async function fetchSession(): Promise<SignedInUser | null> {
  return answer(await fetch('/demo/session', { headers: { Accept: 'application/json' } }));
}

export async function signIn(userId: string): Promise<SignedInUser | null> {
  return answer(
    await fetch('/demo/sign-in', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
      body: JSON.stringify({ user: userId }),
    }),
  );
}

export async function signOut(): Promise<void> {
  await answer(
    await fetch('/demo/sign-out', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: '{}',
    }),
  );
}
