/**
 * What the write tests ask of the service and of the emulated HubSpot: an operation as the API answers it,
 * the same once it has ended, and the HubSpot contacts that hold an e-mail (so a test can count duplicates).
 */
import type { RunningHubSpotEmulator } from '@splice/provider-emulators';
import { apiKeyHeaders, type Json, readJsonResponse, type TestService } from './harness.js';

export async function operation(target: TestService, id: string): Promise<Json> {
  const response = await fetch(`${target.baseUrl}/projects/demo/operations/${id}`, {
    headers: apiKeyHeaders(target),
  });
  return (await readJsonResponse(response)).body;
}

/** The operation once it is no longer in progress; throws with its last state after `timeoutMs`. */
export async function operationEnded(target: TestService, id: string, timeoutMs = 20_000): Promise<Json> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const found = await operation(target, id);
    if (found.status !== 'in_progress') return found;
    if (Date.now() > until) throw new Error(`operation ${id} still in progress: ${JSON.stringify(found)}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** The ids of the HubSpot contacts whose e-mail is `address`, found through HubSpot's own search. */
export async function hubspotContactsWithEmail(
  hubspot: RunningHubSpotEmulator,
  address: string,
): Promise<string[]> {
  const response = await fetch(`${hubspot.url}/crm/v3/objects/contacts/search`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      authorization: `Bearer ${hubspot.issueTokens().accessToken}`,
    },
    body: JSON.stringify({
      filterGroups: [{ filters: [{ propertyName: 'email', operator: 'EQ', value: address }] }],
      limit: 10,
    }),
  });
  return ((await response.json()) as { results: { id: string }[] }).results.map((record) => record.id);
}
