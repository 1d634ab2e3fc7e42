import { recommendedCrmReads } from '@splice/service/demo-fixtures';
import { createClient } from '../http.js';
import type { ServiceReady } from '../service.js';
import { directSearchHeaders, findEmails, searchPath } from '../service.js';
import { median, percentile } from '../stats.js';

export interface SearchLatencyResult {
  contacts: number;
  /** Median over runs of the p50 / p99 of all requests of a run (three query shapes together). */
  p50Ms: number;
  p99Ms: number;
  runs: Array<{ p50Ms: number; p99Ms: number }>;
  /** Per query shape, medians over runs. */
  shapes: Record<string, { p50Ms: number; p99Ms: number; avgResults: number }>;
  requestsPerRun: number;
}

type Filter = { fieldName: string; operator: 'eq'; value: string };

/**
 * What the three query shapes search: the integration (of group `acme`), the emails of the unique shape
 * (absent: the emails the service's CRM was started with), a picklist field with its values, and a mapped
 * name with the app's values for it.
 */
export interface SearchTarget {
  integration: string;
  emails?: string[];
  picklist: { fieldName: string; values: string[] };
  mapped: { fieldName: string; values: string[] };
}

/**
 * HubSpot through `hubspot-sync` as the recommended installation reads it: `hs_lead_status` a picklist (a
 * quarter of the contacts each), `stage` mapped to it with value mappings.
 */
export const hubspotSearchTarget: SearchTarget = {
  integration: recommendedCrmReads.hubspot.integration,
  picklist: { fieldName: 'hs_lead_status', values: ['NEW', 'OPEN_DEAL', 'CONNECTED', 'UNQUALIFIED'] },
  mapped: { fieldName: 'stage', values: ['new', 'working', 'won', 'lost'] },
};

/**
 * Sequential search latency (one request at a time, keep-alive), straight to the service, for three
 * shapes: eq on a unique field (email), eq on a picklist with many matches (HubSpot's lead status: the first
 * page of about a quarter of all contacts), eq on a mapped name (`stage`, mapped to the picklist's field with
 * value mappings). Each is one HubSpot search through the connector. `target` says where (default:
 * `hubspot-sync` as the recommended installation reads it).
 */
export async function measureSearchLatency(
  service: ServiceReady,
  contacts: number,
  options: { runs: number; requestsPerQuery: number; warmupRequests: number; target?: SearchTarget },
): Promise<SearchLatencyResult> {
  const target = options.target ?? hubspotSearchTarget;
  const emails = target.emails ?? findEmails(service, 500);
  const { picklist, mapped } = target;
  const nth = (values: string[], i: number) => values[i % values.length]!;
  const shapes: Record<string, (i: number) => Filter[]> = {
    'eq unique (email)': (i) => [{ fieldName: 'email', operator: 'eq', value: emails[i % emails.length]! }],
    [`eq picklist (${picklist.fieldName})`]: (i) => [
      { fieldName: picklist.fieldName, operator: 'eq', value: nth(picklist.values, i) },
    ],
    [`eq mapped name (${mapped.fieldName})`]: (i) => [
      { fieldName: mapped.fieldName, operator: 'eq', value: nth(mapped.values, i) },
    ],
  };
  const client = createClient();
  const url = searchPath(service.searchUrl, 'acme', target.integration);
  const headers = directSearchHeaders(service);
  const search = async (fieldFilters: Filter[]) => {
    const answer = await client.request('POST', url, headers, { objectName: 'contacts', fieldFilters });
    if (answer.status !== 200) throw new Error(`search: ${answer.status} ${JSON.stringify(answer.body)}`);
    return { ms: answer.ms, results: (answer.body as { results: unknown[] }).results.length };
  };
  try {
    for (let i = 0; i < options.warmupRequests; i++) {
      for (const filtersFor of Object.values(shapes)) await search(filtersFor(i));
    }
    const runs: SearchLatencyResult['runs'] = [];
    const perShape: Record<string, Array<{ p50Ms: number; p99Ms: number; avgResults: number }>> = {};
    for (let run = 0; run < options.runs; run++) {
      const all: number[] = [];
      for (const [name, filtersFor] of Object.entries(shapes)) {
        const times: number[] = [];
        let results = 0;
        for (let i = 0; i < options.requestsPerQuery; i++) {
          const answer = await search(filtersFor(run * options.requestsPerQuery + i));
          times.push(answer.ms);
          results += answer.results;
        }
        all.push(...times);
        perShape[name] = perShape[name] ?? [];
        perShape[name].push({
          p50Ms: percentile(times, 0.5),
          p99Ms: percentile(times, 0.99),
          avgResults: results / times.length,
        });
      }
      runs.push({ p50Ms: percentile(all, 0.5), p99Ms: percentile(all, 0.99) });
    }
    const shapeMedians: SearchLatencyResult['shapes'] = {};
    for (const [name, list] of Object.entries(perShape)) {
      shapeMedians[name] = {
        p50Ms: median(list.map((r) => r.p50Ms)),
        p99Ms: median(list.map((r) => r.p99Ms)),
        avgResults: median(list.map((r) => r.avgResults)),
      };
    }
    return {
      contacts,
      p50Ms: median(runs.map((r) => r.p50Ms)),
      p99Ms: median(runs.map((r) => r.p99Ms)),
      runs,
      shapes: shapeMedians,
      requestsPerRun: options.requestsPerQuery * Object.keys(shapes).length,
    };
  } finally {
    client.close();
  }
}
