/**
 * What an emulated account holds, read through the provider's own API with a token of its own: the
 * expected side of a read test, found independently of the connector the service reads with.
 */
import type { RunningHubSpotEmulator, RunningSalesforceEmulator } from '@splice/provider-emulators';

export interface HubSpotRecord {
  id: string;
  properties: Record<string, string | null>;
}

async function getJson(url: string, token: string): Promise<Record<string, unknown>> {
  const response = await fetch(url, { headers: { authorization: `Bearer ${token}` } });
  if (response.status !== 200)
    throw new Error(`${url} answered ${response.status}: ${await response.text()}`);
  return (await response.json()) as Record<string, unknown>;
}

/** Every live record of a HubSpot object with the named properties, paging through the list endpoint. */
export async function hubSpotRecords(
  emulator: RunningHubSpotEmulator,
  objectType: string,
  properties: readonly string[],
): Promise<HubSpotRecord[]> {
  const { accessToken } = emulator.issueTokens();
  const records: HubSpotRecord[] = [];
  let after: string | undefined;
  do {
    const query = new URLSearchParams({ limit: '100', properties: properties.join(',') });
    if (after) query.set('after', after);
    const page = await getJson(`${emulator.url}/crm/v3/objects/${objectType}?${query}`, accessToken);
    records.push(...(page.results as HubSpotRecord[]));
    after = (page.paging as { next?: { after?: string } } | undefined)?.next?.after;
  } while (after);
  return records;
}

/** The ids of a HubSpot object's live records last modified in (since, until]. */
export async function hubSpotIdsModifiedIn(
  emulator: RunningHubSpotEmulator,
  objectType: string,
  since: string | undefined,
  until: string,
  where: (record: HubSpotRecord) => boolean = () => true,
): Promise<Set<string>> {
  const modified = objectType === 'contacts' ? 'lastmodifieddate' : 'hs_lastmodifieddate';
  const records = await hubSpotRecords(emulator, objectType, [modified]);
  const [from, to] = [since ? Date.parse(since) : -1, Date.parse(until)];
  return new Set(
    records
      .filter((record) => {
        const at = Date.parse(record.properties[modified] ?? '');
        return at > from && at <= to && where(record);
      })
      .map((record) => record.id),
  );
}

/** The rows a SOQL query answers at the Salesforce emulator, following `nextRecordsUrl`. */
export async function salesforceQuery(
  emulator: RunningSalesforceEmulator,
  soql: string,
): Promise<Record<string, unknown>[]> {
  const { accessToken } = emulator.issueTokens();
  const rows: Record<string, unknown>[] = [];
  let next: string | undefined = `/services/data/v60.0/query?q=${encodeURIComponent(soql)}`;
  while (next) {
    const page = await getJson(`${emulator.url}${next}`, accessToken);
    rows.push(...(page.records as Record<string, unknown>[]));
    next = page.done ? undefined : (page.nextRecordsUrl as string);
  }
  return rows;
}

/** The ids of a Salesforce object's records last modified (`SystemModstamp`) in (since, until]. */
export async function salesforceIdsModifiedIn(
  emulator: RunningSalesforceEmulator,
  sobject: string,
  since: string | undefined,
  until: string,
  where: (row: Record<string, unknown>) => boolean = () => true,
  fields: readonly string[] = [],
): Promise<Set<string>> {
  const rows = await salesforceQuery(
    emulator,
    `SELECT Id, SystemModstamp${fields.map((f) => `, ${f}`).join('')} FROM ${sobject}`,
  );
  const [from, to] = [since ? Date.parse(since) : -1, Date.parse(until)];
  return new Set(
    rows
      .filter((row) => {
        const at = Date.parse(String(row.SystemModstamp).replace(/\+0000$/, 'Z'));
        return at > from && at <= to && where(row);
      })
      .map((row) => String(row.Id)),
  );
}
