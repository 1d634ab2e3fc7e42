import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { recommendedContent } from '@splice/service/demo-fixtures';
import type { Child, ReadyMessage } from './children.js';
import { startChild } from './children.js';
import { createClient } from './http.js';

export interface ServiceReady extends ReadyMessage {
  baseUrl: string;
  searchUrl: string;
  apiKey: string;
  authToken: string;
  startMs: number;
}

export interface BenchService extends Child<ServiceReady> {
  dataDir: string;
  /** Stops the process and removes its data directory. */
  dispose(): Promise<void>;
}

/**
 * Starts @splice/service in its own process on a fresh temp data directory; with `databaseUrl`, its data in
 * that (empty) PostgreSQL database instead of SQLite.
 */
export async function startBenchService(
  contacts: number,
  extraGroups = 0,
  databaseUrl?: string,
): Promise<BenchService> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'splice-bench-'));
  try {
    const child = await startChild<ServiceReady>(
      new URL('./servers/service-child.ts', import.meta.url),
      {
        BENCH_DATA_DIR: dataDir,
        BENCH_CONTACTS: String(contacts),
        BENCH_EXTRA_GROUPS: String(extraGroups),
        // Empty means SQLite, whatever the bench's own environment says.
        SPLICE_DATABASE_URL: databaseUrl ?? '',
      },
      300_000,
    );
    return {
      ...child,
      dataDir,
      dispose: async () => {
        await child.stop();
        rmSync(dataDir, { recursive: true, force: true });
      },
    };
  } catch (error) {
    rmSync(dataDir, { recursive: true, force: true });
    throw error;
  }
}

/** The benches install the demo's recommended contacts config (`stage` mapped to `status`, values too). */
export function installationBody(groupRef: string) {
  return { groupRef, config: { content: recommendedContent() } };
}

export const installationsPath = (baseUrl: string, integration = 'crm-sync') =>
  `${baseUrl}/projects/demo/integrations/${integration}/installations`;
export const searchPath = (searchUrl: string, groupRef: string, integration = 'crm-sync') =>
  `${searchUrl}/projects/demo/integrations/${integration}?groupRef=${encodeURIComponent(groupRef)}`;

/** Installs crm-sync for `acme` (with the sample read) so that search has an installation to follow. */
export async function installForAcme(service: ServiceReady): Promise<void> {
  const client = createClient();
  try {
    const answer = await client.request(
      'POST',
      installationsPath(service.baseUrl),
      { 'x-api-key': service.apiKey },
      installationBody('acme'),
    );
    if (answer.status !== 201) {
      throw new Error(`createInstallation for acme: ${answer.status} ${JSON.stringify(answer.body)}`);
    }
  } finally {
    client.close();
  }
}

/** Headers of a direct search call, per docs/service-interface.md#search: the API key and the request type. */
export const directSearchHeaders = (service: ServiceReady) => ({
  'x-api-key': service.apiKey,
  'x-svc-request-type': 'search',
});

interface SearchAnswer {
  results: Array<{ fields: Record<string, unknown> }>;
}

/** Distinct contact emails, found by searching the sandbox (eq on `score`, a page per value). */
export async function findEmails(service: ServiceReady, wanted: number): Promise<string[]> {
  const client = createClient();
  const emails = new Set<string>();
  try {
    for (let score = 0; score <= 100 && emails.size < wanted; score++) {
      const answer = await client.request(
        'POST',
        searchPath(service.searchUrl, 'acme'),
        directSearchHeaders(service),
        { objectName: 'contacts', fieldFilters: [{ fieldName: 'score', operator: 'eq', value: score }] },
      );
      if (answer.status !== 200) throw new Error(`search: ${answer.status} ${JSON.stringify(answer.body)}`);
      for (const result of (answer.body as SearchAnswer).results) {
        const email = result.fields.email;
        if (typeof email === 'string') emails.add(email);
      }
    }
  } finally {
    client.close();
  }
  if (emails.size === 0) throw new Error('search found no contact emails');
  return [...emails].slice(0, wanted);
}
