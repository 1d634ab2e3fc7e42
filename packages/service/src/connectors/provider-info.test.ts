import { readFileSync } from 'node:fs';
import { Ajv } from 'ajv';
import { describe, expect, it } from 'vitest';
import { providerAppsFromEnv } from '../config.js';
import { providerCatalog } from './catalog.js';
import { providerInfo } from './provider-info.js';

/** The hosted catalog description's `ProviderInfo` schema (test/fixtures, with its source named). */
const schema = JSON.parse(
  readFileSync(new URL('../../test/fixtures/hosted-provider-info.schema.json', import.meta.url), 'utf8'),
) as Record<string, unknown>;

describe("the hosted catalog's ProviderInfo", () => {
  // The published schema leaves `type: object` off some objects (BatchWriteSupport): ajv's type strictness
  // would refuse the schema itself, not an answer.
  const ajv = new Ajv({ allErrors: true, strict: true, strictTypes: false });
  ajv.addKeyword('x-source');
  const validate = ajv.compile(schema);

  it('accepts every catalog entry, with the emulators or the real providers configured', () => {
    const envs = [{}, { SPLICE_HUBSPOT_BASE_URL: 'https://api.hubapi.com' }];
    for (const env of envs) {
      for (const entry of providerCatalog(providerAppsFromEnv(env)).values()) {
        const info = providerInfo(entry);
        expect(validate(info) ? [] : validate.errors, entry.name).toEqual([]);
      }
    }
  });

  it('refuses an answer that breaks it (so the check above can fail)', () => {
    const entry = providerCatalog(providerAppsFromEnv({})).get('hubspot')!;
    const broken = { ...providerInfo(entry), authType: 'password' } as unknown;
    expect(validate(broken)).toBe(false);
  });
});
