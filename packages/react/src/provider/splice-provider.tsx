'use client';

import { QueryClient } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useEffect, useMemo, useState } from 'react';
import { createSpliceClient } from '../client/create-splice-client.js';
import type { FetchLike } from '../client/transport.js';
import { catalogueFor } from './catalogues/index.js';
import type { SpliceMessages } from './messages.js';
import { mergeMessages } from './messages.js';
import type { SpliceContextValue, SpliceTheme } from './splice-context.js';
import { SpliceContext } from './splice-context.js';
import { textDirection } from './text-direction.js';

export interface SpliceProviderProps {
  /** Where the BFF is mounted, e.g. `/api/splice`. */
  baseUrl: string;
  /** The host's QueryClient, to share its cache and devtools. Default: one private to this provider. */
  queryClient?: QueryClient;
  /**
   * The user's BCP 47 locale: German, French and Spanish (`de`, `fr`, `es`, and any region of them) have
   * catalogues of every string; numbers, dates and plural rules follow the locale, and a right-to-left
   * locale (`ar`, `he`, `fa`, `ur`…) lays every component out right to left. Default `en`.
   */
  locale?: string;
  /** Replacements for any user-visible string, on top of the locale's catalogue. Default: none. */
  messages?: Partial<SpliceMessages>;
  /** Colour scheme of every Splice component below. Default `light`. */
  theme?: SpliceTheme;
  /** Replaces the global `fetch` for BFF calls. Default: `globalThis.fetch`. */
  fetch?: FetchLike;
  /** Deadline for one BFF request in milliseconds. Default 30 000. */
  timeoutMs?: number;
  children?: ReactNode;
}

function createDefaultQueryClient() {
  return new QueryClient({
    // Integration metadata changes rarely and a refetch on every focus would reset a half-filled wizard.
    defaultOptions: { queries: { staleTime: 60_000, refetchOnWindowFocus: false } },
  });
}

/**
 * Gives Splice components their BFF client, messages, theme and writing direction. It renders no element, and it does not
 * render a QueryClientProvider: that would hide the host's own QueryClient from the host's components
 * below it, so the hooks pass this QueryClient to TanStack Query explicitly instead.
 */
export function SpliceProvider(props: SpliceProviderProps) {
  const { baseUrl, fetch, timeoutMs, locale, messages, theme = 'light', children } = props;
  // Created even when the host passes one (it costs nothing until mounted) so switching props is safe.
  const [ownQueryClient] = useState(createDefaultQueryClient);
  const queryClient = props.queryClient ?? ownQueryClient;

  // QueryClientProvider normally mounts the client (focus and online listeners); done here instead.
  useEffect(() => {
    queryClient.mount();
    return () => queryClient.unmount();
  }, [queryClient]);

  const client = useMemo(
    () => createSpliceClient({ baseUrl, fetch, timeoutMs }),
    [baseUrl, fetch, timeoutMs],
  );
  const mergedMessages = useMemo(
    () => mergeMessages(messages, locale === undefined ? undefined : catalogueFor(locale)),
    [messages, locale],
  );
  // From the messages' locale, so a host that replaces `locale` in `messages` gets its direction too.
  const direction = useMemo(() => textDirection(mergedMessages.locale), [mergedMessages.locale]);
  const value = useMemo<SpliceContextValue>(
    () => ({ client, queryClient, messages: mergedMessages, theme, direction }),
    [client, queryClient, mergedMessages, theme, direction],
  );
  return <SpliceContext.Provider value={value}>{children}</SpliceContext.Provider>;
}
