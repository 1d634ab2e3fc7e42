import { useSpliceContext } from '@splice/react';
import { useQuery } from '@tanstack/react-query';

/** What `GET /demo/provider` answers: the provider of the company's CRM account, and whether it is throttled. */
export interface ProviderControlsState {
  provider: string | null;
  throttled: boolean;
}

export const providerControlsKey = ['northwind', 'provider-controls'] as const;

const providerNames: Record<string, string> = { hubspot: 'HubSpot', salesforce: 'Salesforce' };

/** A provider's name as its users know it. */
export const providerName = (provider: string | null | undefined): string =>
  provider ? (providerNames[provider] ?? provider) : 'your CRM';

async function fetchControls(): Promise<ProviderControlsState> {
  const response = await fetch('/demo/provider', { headers: { Accept: 'application/json' } });
  if (!response.ok) throw new Error(`The demo's server answered ${response.status}.`);
  return (await response.json()) as ProviderControlsState;
}

/** The demo's controls over the company's CRM account at its emulator, as the settings page shows them. */
export function useProviderControls() {
  const { queryClient } = useSpliceContext();
  return useQuery({ queryKey: providerControlsKey, queryFn: fetchControls, staleTime: 0 }, queryClient);
}

/** Sends one control (`break-connection`, `throttle`, `changes`); answers the problem's words when refused. */
export async function postProviderControl(path: string, body: unknown): Promise<string | null> {
  const response = await fetch(`/demo/provider/${path}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
    body: JSON.stringify(body),
  });
  if (response.ok) return null;
  const problem = (await response.json().catch(() => ({}))) as { detail?: string };
  return problem.detail ?? `The demo's server answered ${response.status}.`;
}
