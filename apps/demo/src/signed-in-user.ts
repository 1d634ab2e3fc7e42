import { createContext, useContext } from 'react';
import type { SignedInUser } from './session-api.js';

export const SignedInUserContext = createContext<SignedInUser | null>(null);

/** The signed-in user; pages are only rendered once someone is signed in. */
export function useSignedInUser(): SignedInUser {
  const user = useContext(SignedInUserContext);
  if (!user) throw new Error('useSignedInUser: no one is signed in.');
  return user;
}
