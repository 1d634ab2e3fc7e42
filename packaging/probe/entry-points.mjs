// Imports every entry point that each installed @splice package exports and prints its export names:
// { "@splice/bff/dev": ["createDevSession", ...], ... }.
import { readFileSync } from 'node:fs';

const names = [
  '@splice/schema',
  '@splice/server-kit',
  '@splice/sandbox-data',
  '@splice/service',
  '@splice/bff',
  '@splice/react',
];
const result = {};
for (const name of names) {
  const manifest = JSON.parse(readFileSync(`node_modules/${name}/package.json`, 'utf8'));
  for (const subpath of Object.keys(manifest.exports)) {
    if (subpath.endsWith('.css')) continue;
    const specifier = subpath === '.' ? name : `${name}/${subpath.slice(2)}`;
    result[specifier] = Object.keys(await import(specifier)).sort();
  }
}
process.stdout.write(JSON.stringify(result));
