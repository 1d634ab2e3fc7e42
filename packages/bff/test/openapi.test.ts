import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningBff } from './helpers/start-bff.js';
import { startBff } from './helpers/start-bff.js';

interface OpenApiDocument {
  openapi: string;
  paths: Record<
    string,
    Record<
      string,
      { responses: Record<string, unknown>; parameters?: { name: string; in: string; required: boolean }[] }
    >
  >;
  components: {
    schemas: Record<
      string,
      { properties?: Record<string, unknown>; required?: string[]; additionalProperties?: unknown }
    >;
  };
}

let bff: RunningBff;
let document: OpenApiDocument;

beforeAll(async () => {
  // The document needs no upstream: it is generated from the schemas.
  bff = await startBff({ baseUrl: 'http://127.0.0.1:9/v1', searchUrl: 'http://127.0.0.1:9/search/v1' });
  const response = await fetch(`${bff.url}/openapi.json`);
  expect(response.status).toBe(200);
  document = (await response.json()) as OpenApiDocument;
});
afterAll(async () => {
  await bff.close();
});

describe('GET /openapi.json', () => {
  it('is an OpenAPI 3.1 document listing every browser-facing route', () => {
    expect(document.openapi).toBe('3.1.0');
    expect(Object.keys(document.paths).sort()).toEqual([
      '/connect/done',
      '/integrations',
      '/integrations/{integrationId}',
      '/integrations/{integrationId}/connect',
      '/integrations/{integrationId}/connection',
      '/integrations/{integrationId}/installation',
      '/integrations/{integrationId}/installations',
      '/integrations/{integrationId}/objects/{objectName}/pause',
      '/integrations/{integrationId}/objects/{objectName}/read',
      '/integrations/{integrationId}/objects/{objectName}/resume',
      '/integrations/{integrationId}/objects/{objectName}/runs',
      '/integrations/{integrationId}/reconnect',
      '/integrations/{integrationId}/search',
      '/integrations/{integrationId}/status',
      '/invites',
      '/invites/{inviteId}',
      '/openapi.json',
    ]);
    expect(
      Object.keys(document.paths['/integrations/{integrationId}/installations']?.post?.responses ?? {}),
    ).toEqual(expect.arrayContaining(['201', '400', '409', '413', '415', '422', '429', '502', '503', '504']));
  });

  it('documents the required Idempotency-Key and the CSRF header on create', () => {
    const parameters = document.paths['/integrations/{integrationId}/installations']?.post?.parameters ?? [];
    expect(parameters).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ name: 'Idempotency-Key', in: 'header', required: true }),
        expect.objectContaining({ name: 'X-Requested-With', in: 'header', required: true }),
      ]),
    );
  });

  it('derives its schemas from the shared zod schemas: the create body has no groupRef and no extra keys', () => {
    const body = document.components.schemas.CreateInstallationBody;
    expect(Object.keys(body?.properties ?? {}).sort()).toEqual(['config', 'connectionId']);
    expect(body?.additionalProperties).toBe(false);
    expect(body?.required).toEqual(['config']);
    const details = document.components.schemas.IntegrationDetails;
    expect(details?.required).toEqual(
      expect.arrayContaining([
        'integration',
        'readObjects',
        'installation',
        'connection',
        'searchableObjects',
      ]),
    );
    expect(document.components.schemas.Problem?.required).toEqual(
      expect.arrayContaining(['type', 'title', 'status']),
    );
  });
});
