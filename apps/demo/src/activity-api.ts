/**
 * What happened to the company's integration, in words (server/activity.ts keeps them from Splice's
 * notifications; `GET /demo/activity` answers the signed-in company's latest).
 */
export interface ActivityItem {
  id: string;
  /** The notification's type, e.g. `connection.error`. */
  type: string;
  /** A sentence a Northwind user reads. */
  text: string;
  /** Whether it asks the user to act (a broken connection). */
  attention: boolean;
  receivedAt: string;
}

export async function fetchActivity(signal?: AbortSignal): Promise<ActivityItem[]> {
  const response = await fetch('/demo/activity', { headers: { Accept: 'application/json' }, signal });
  if (!response.ok) throw new Error(`Northwind's server answered ${response.status}.`);
  return ((await response.json()) as { items: ActivityItem[] }).items;
}
