import { QueryClient } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import type { FetchLike } from '../client/transport.js';
import { SpliceProvider } from '../provider/splice-provider.js';

export function TestProvider(props: { fetch: FetchLike; queryClient: QueryClient; children?: ReactNode }) {
  return (
    <SpliceProvider baseUrl="/bff" fetch={props.fetch} queryClient={props.queryClient}>
      {props.children}
    </SpliceProvider>
  );
}

/** A provider around a fake fetch, with a fresh cache per test and no retry delays. */
export function testWrapper(fetch: FetchLike) {
  const queryClient = new QueryClient({
    defaultOptions: { queries: { retryDelay: 0 }, mutations: { retryDelay: 0 } },
  });
  return ({ children }: { children?: ReactNode }) => (
    <TestProvider fetch={fetch} queryClient={queryClient}>
      {children}
    </TestProvider>
  );
}

export function jsonResponse(body: unknown, status = 200) {
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'Content-Type': status >= 400 ? 'application/problem+json' : 'application/json' },
  });
}
