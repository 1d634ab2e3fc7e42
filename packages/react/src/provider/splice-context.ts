import type { QueryClient } from '@tanstack/react-query';
import { createContext, useContext } from 'react';
import type { SpliceClient } from '../client/create-splice-client.js';
import type { SpliceMessages } from './messages.js';
import { defaultMessages } from './messages.js';
import type { TextDirection } from './text-direction.js';

/** `system` follows the user's operating-system setting (prefers-color-scheme). */
export type SpliceTheme = 'light' | 'dark' | 'system';

export interface SpliceUi {
  messages: SpliceMessages;
  theme: SpliceTheme;
  /** How the locale is written: every component's root carries it as `dir`, and the CSS mirrors by it. */
  direction: TextDirection;
}

export interface SpliceContextValue extends SpliceUi {
  client: SpliceClient;
  queryClient: QueryClient;
}

export const SpliceContext = createContext<SpliceContextValue | null>(null);

const standaloneUi: SpliceUi = { messages: defaultMessages, theme: 'light', direction: 'ltr' };

/** The client and QueryClient; the hooks that call the BFF need a provider. */
export function useSpliceContext(): SpliceContextValue {
  const value = useContext(SpliceContext);
  if (!value) {
    throw new Error('Splice: wrap this component in <SpliceProvider baseUrl="…"> to talk to the BFF.');
  }
  return value;
}

/** Messages, theme and direction; components that call no server (BackfillPicker) also work without a provider. */
export function useSpliceUi(): SpliceUi {
  return useContext(SpliceContext) ?? standaloneUi;
}
