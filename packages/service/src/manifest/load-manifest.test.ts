import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { defaultManifestPath } from '../config.js';
import { ManifestError, parseManifest } from './load-manifest.js';

describe('manifest loading', () => {
  it('loads the demo manifest', () => {
    const manifest = parseManifest(readFileSync(defaultManifestPath, 'utf8'));
    const crmSync = manifest.integrations.find((i) => i.name === 'crm-sync');
    expect(crmSync?.provider).toBe('sandboxcrm');
    expect(crmSync?.read.objects.map((o) => o.objectName)).toEqual(['contacts', 'companies', 'deals']);
    expect(crmSync?.read.objects.find((o) => o.objectName === 'deals')?.enabled).toBe('always');
    expect(crmSync?.write?.objects.map((o) => o.objectName)).toEqual(['contacts']);
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
