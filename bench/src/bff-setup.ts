/**
 * What every BFF measurement (benches/throughput.ts, bff-cost.ts, bff-micro.ts) sends and how it starts
 * the BFF: one definition, so the tools measure the same request as `pnpm bench`.
 */
import type { ServiceReady } from './service.js';
import { findEmails, searchPath } from './service.js';

/** The origin the bench's requests claim to come from (the BFF's allowlist holds it). */
export const benchOrigin = 'http://app.bench.localhost:5173';

/** What the React client sends from the builder's page: the CSRF header, JSON, Origin, fetch metadata. */
export const browserSearchHeaders = {
  'content-type': 'application/json',
  'x-requested-with': 'splice',
  origin: benchOrigin,
  'sec-fetch-site': 'same-origin',
  accept: 'application/json, application/problem+json',
} as const;

/** The search every BFF measurement sends: one contact, by an email the CRM has. */
export function oneContactSearch(service: ServiceReady): string {
  const [email] = findEmails(service, 1);
  return JSON.stringify({
    objectName: 'contacts',
    fieldFilters: [{ fieldName: 'email', operator: 'eq', value: email }],
  });
}

/** The environment of servers/bff-child.ts, pointed at `service`. */
export const bffChildEnv = (service: ServiceReady) => ({
  BENCH_BASE_URL: service.baseUrl,
  BENCH_SEARCH_URL: service.searchUrl,
  BENCH_API_KEY: service.apiKey,
  BENCH_AUTH_TOKEN: service.authToken,
  BENCH_ORIGIN: benchOrigin,
});

/** The environment of servers/hop-child.ts (the bare proxy), pointed at `service`'s search for `acme`. */
export const hopChildEnv = (service: ServiceReady) => ({
  BENCH_HOP_TARGET: searchPath(service.searchUrl, 'acme'),
  BENCH_API_KEY: service.apiKey,
});

/** The bare proxy's search route and what it needs: it forwards the body as it comes. */
export const hopSearch = { path: '/search', headers: { 'content-type': 'application/json' } } as const;

/** A tool's `--name=value` argument as a number, or `fallback`. */
export function toolArg(name: string, fallback: number): number {
  const found = process.argv.find((a) => a.startsWith(`--${name}=`));
  return found ? Number(found.slice(name.length + 3)) : fallback;
}
