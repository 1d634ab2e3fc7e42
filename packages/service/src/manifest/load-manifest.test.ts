import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { defaultManifestPath } from '../config.js';
import { ManifestError, parseManifest } from './load-manifest.js';

describe('manifest loading', () => {
  it('loads the demo manifest', () => {
    const manifest = parseManifest(readFileSync(defaultManifestPath, 'utf8'));
    const hubspot = manifest.integrations.find((i) => i.name === 'hubspot-sync');
    expect(hubspot?.provider).toBe('hubspot');
    expect(hubspot?.read.objects.map((o) => o.objectName)).toEqual(['contacts', 'companies', 'deals']);
    expect(hubspot?.read.objects[0]?.backfill).toEqual({ defaultPeriod: { fullHistory: true } });
    const salesforce = manifest.integrations.find((i) => i.name === 'salesforce-sync');
    expect(salesforce?.provider).toBe('salesforce');
    expect(salesforce?.read.objects.map((o) => o.objectName)).toEqual(['Contact', 'Account', 'Opportunity']);
  });

  it('names the line and path of a value the schema refuses', () => {
    const text = [
      'specVersion: 1.0.0',
      'integrations:',
      '  - name: x',
      '    provider: p',
      '    read:',
      '      objects:',
      '        - objectName: contacts',
      '          enabled: sometimes',
    ].join('\n');
    expect(() => parseManifest(text, 'm.yaml')).toThrow(ManifestError);
    expect(() => parseManifest(text, 'm.yaml')).toThrow(
      /m\.yaml:8: integrations\[0\]\.read\.objects\[0\]\.enabled/,
    );
  });

  it('names the line of a YAML syntax error', () => {
    expect(() => parseManifest('specVersion: 1\nintegrations: [\n', 'bad.yaml')).toThrow(/bad\.yaml:\d+/);
  });

  it('refuses an unknown key, naming it', () => {
    const text =
      'specVersion: "1"\nintegrations:\n  - name: x\n    provider: p\n    colour: red\n    read:\n      objects: []\n';
    expect(() => parseManifest(text, 'm.yaml')).toThrow(/colour/);
  });
});
