import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { RunningService, StartServiceOptions } from '../src/index.js';
import { startService } from '../src/index.js';

export interface TestService extends RunningService {
  dataDir: string;
  /** Stops the service and removes its data directory. */
  dispose(): Promise<void>;
}

/**
 * A real service on a random loopback port with its own data directory. Its read engine is off unless the
 * test asks for it (`runReads: true`): most tests never read, and the engine would share the cores.
 */
export async function startTestService(options: Partial<StartServiceOptions> = {}): Promise<TestService> {
  const dataDir = options.dataDir ?? mkdtempSync(join(tmpdir(), 'splice-service-'));
  const service = await startService({ port: 0, contacts: 2_000, runReads: false, ...options, dataDir });
  return {
    ...service,
    dataDir,
    dispose: async () => {
      await service.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

export function createInstallationUrl(service: RunningService, project = 'demo', integration = 'crm-sync') {
  return `${service.baseUrl}/projects/${project}/integrations/${integration}/installations`;
}

export function searchUrl(
  service: RunningService,
  groupRef: string,
  project = 'demo',
  integration = 'crm-sync',
) {
  return `${service.searchUrl}/projects/${project}/integrations/${integration}?groupRef=${encodeURIComponent(groupRef)}`;
}

export function apiKeyHeaders(service: RunningService): Record<string, string> {
  return { 'content-type': 'application/json', 'x-api-key': service.apiKey };
}

export function searchHeaders(service: RunningService): Record<string, string> {
  return { ...apiKeyHeaders(service), 'x-svc-request-type': 'search' };
}

export function bearerHeaders(service: RunningService): Record<string, string> {
  return { 'content-type': 'application/json', authorization: `Bearer ${service.authToken}` };
}

/** Parsed JSON as tests read it: assertions, not types, check its shape. */
// biome-ignore lint/suspicious/noExplicitAny: test bodies are checked by assertions
export type Json = any;

export interface JsonResponse {
  status: number;
  contentType: string | null;
  body: Json;
}

export async function readJsonResponse(response: Response): Promise<JsonResponse> {
  const text = await response.text();
  return {
    status: response.status,
    contentType: response.headers.get('content-type'),
    body: text ? JSON.parse(text) : undefined,
  };
}

export async function postJson(
  url: string,
  headers: Record<string, string>,
  body: unknown,
): Promise<JsonResponse> {
  return readJsonResponse(await fetch(url, { method: 'POST', headers, body: JSON.stringify(body) }));
}

/** A minimal config the demo integration accepts: read contacts with a few fields. */
export function contactsConfig(extra: Record<string, unknown> = {}) {
  return {
    content: {
      provider: 'sandboxcrm',
      read: {
        objects: {
          contacts: {
            objectName: 'contacts',
            schedule: '*/15 * * * *',
            destination: 'contactsWebhook',
            selectedFields: { email: true, firstName: true, score: true },
            ...extra,
          },
        },
      },
    },
  };
}
