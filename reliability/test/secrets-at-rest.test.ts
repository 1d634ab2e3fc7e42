/**
 * The secret scan: the service CLI started as an operator starts it (credentials in the environment, a
 * permissive umask), a destination created, then every file of its data directory and everything it printed
 * searched for each secret it was given or made: the API key, the bearer token, the webhook signing secrets
 * (the `whsec_` text and the base64 key after the prefix). The data directory must be its owner's alone
 * (0700, its files 0600) whatever the umask, and an existing directory others can read must be warned about.
 */
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { figures } from '../src/figures.js';
import { killServiceProcesses, launchServiceProcess } from '../src/service-process.js';

const root = fs.mkdtempSync(join(tmpdir(), 'splice-secrets-'));
afterAll(() => {
  killServiceProcesses();
  fs.rmSync(root, { recursive: true, force: true });
});

/** Starts the CLI with the umask of an operator's careless shell (none), so modes cannot come from it. */
async function launchWithOpenUmask(name: string, env: Record<string, string>) {
  const previous = process.umask(0o000);
  try {
    return await launchServiceProcess(name, env);
  } finally {
    process.umask(previous);
  }
}

/** Every file under `dir`, with its mode and bytes. */
function filesUnder(dir: string): { path: string; mode: number; bytes: Buffer }[] {
  return fs.readdirSync(dir, { recursive: true, withFileTypes: true }).flatMap((entry) => {
    const path = join(entry.parentPath, entry.name);
    if (!entry.isFile()) return [];
    return [{ path, mode: fs.statSync(path).mode & 0o777, bytes: fs.readFileSync(path) }];
  });
}

const octal = (mode: number) => mode.toString(8).padStart(4, '0');

describe('secrets at rest and in the start-up output', () => {
  it('keeps the data directory its owner’s, and no secret in its files or the output', async () => {
    const dataDir = join(root, 'fresh', 'service');
    const apiKey = `scan-api-key-${randomBytes(12).toString('hex')}`;
    const authToken = `scan-auth-token-${randomBytes(12).toString('hex')}`;
    const demoSecret = `whsec_${randomBytes(32).toString('base64')}`;
    const service = await launchWithOpenUmask('scan', {
      SPLICE_DATA_DIR: dataDir,
      SPLICE_CONTACTS: '300',
      SPLICE_API_KEY: apiKey,
      SPLICE_AUTH_TOKEN: authToken,
      SPLICE_DEMO_RECEIVER_URL: 'http://127.0.0.1:9/hooks',
      SPLICE_DEMO_WEBHOOK_SECRET: demoSecret,
    });
    const created = await fetch(`${service.url}/v1/projects/demo/destinations`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-api-key': apiKey },
      body: JSON.stringify({ name: 'scanned', type: 'webhook', metadata: { url: 'https://example.com/h' } }),
    });
    expect(created.status).toBe(201);
    const { signingSecret } = ((await created.json()) as { secrets: { signingSecret: string } }).secrets;
    const rotated = await fetch(
      `${service.url}/v1/projects/demo/destinations/scanned?rotate=true&includeSecrets=true`,
      { headers: { 'x-api-key': apiKey } },
    );
    const rotatedSecret = ((await rotated.json()) as { secrets: { signingSecret: string } }).secrets
      .signingSecret;

    const secrets: Record<string, string> = {
      'API key': apiKey,
      'bearer token': authToken,
      'demo webhook secret': demoSecret,
      "demo webhook secret's key": demoSecret.slice(6),
      'signing secret': signingSecret,
      "signing secret's key": signingSecret.slice(6),
      'rotated signing secret': rotatedSecret,
      "rotated signing secret's key": rotatedSecret.slice(6),
    };
    /** Each secret found in a file or the output, with where. */
    const scan = () => {
      const found: string[] = [];
      const files = filesUnder(dataDir);
      for (const file of files) {
        for (const [what, secret] of Object.entries(secrets)) {
          if (file.bytes.includes(secret)) found.push(`${what} in ${file.path}`);
        }
      }
      for (const [what, secret] of Object.entries(secrets)) {
        if (service.output(1_000_000).includes(secret)) found.push(`${what} in the output`);
      }
      return { found, files };
    };
    const permissions = (files: ReturnType<typeof filesUnder>) => [
      { path: dataDir, mode: fs.statSync(dataDir).mode & 0o777 },
      ...files,
    ];

    // While it runs (the WAL file holds the latest writes), and after it stopped.
    const running = scan();
    service.child.kill('SIGTERM');
    await new Promise((resolve) => service.child.once('exit', resolve));
    const stopped = scan();

    const modes = permissions(stopped.files).map(({ path, mode }) => `${path} ${octal(mode)}`);
    const loose = permissions([...running.files, ...stopped.files])
      .filter(({ mode }) => mode & 0o077)
      .map(({ path, mode }) => `${path} ${octal(mode)}`);
    const numbers = {
      files: stopped.files.length,
      secrets: Object.keys(secrets).length,
      found: running.found.length + stopped.found.length,
      loose: loose.length,
    };
    figures(
      'secrets-at-rest',
      `${numbers.secrets} secrets searched in ${numbers.files} files and the output: ${numbers.found} found; ${numbers.loose} paths others can reach`,
      numbers,
    );
    expect(fs.statSync(dataDir).mode & 0o777).toBe(0o700);
    expect(running.files.map((f) => f.path)).toEqual(
      expect.arrayContaining([
        join(dataDir, 'splice.db'),
        join(dataDir, 'splice.db-wal'),
        join(dataDir, 'secret.key'),
      ]),
    );
    expect(loose, modes.join('\n')).toEqual([]);
    expect([...running.found, ...stopped.found]).toEqual([]);
    // The banner says where the credentials came from instead.
    expect(service.output(1_000_000)).toMatch(/API key\s+\(from SPLICE_API_KEY\)/);
  });

  it('warns on start-up about an existing data directory and database that others can read', async () => {
    const dataDir = join(root, 'loose');
    fs.mkdirSync(dataDir, { mode: 0o755 });
    fs.chmodSync(dataDir, 0o755);
    const first = await launchWithOpenUmask('loose-1', { SPLICE_DATA_DIR: dataDir, SPLICE_CONTACTS: '300' });
    first.child.kill('SIGTERM');
    await new Promise((resolve) => first.child.once('exit', resolve));
    fs.chmodSync(join(dataDir, 'splice.db'), 0o644);
    const second = await launchWithOpenUmask('loose-2', { SPLICE_DATA_DIR: dataDir, SPLICE_CONTACTS: '300' });
    const output = second.output(1_000_000);
    expect(output).toContain(`${dataDir} is 0755`);
    expect(output).toContain(`chmod 700 ${dataDir}`);
    expect(output).toContain(`${join(dataDir, 'splice.db')} is 0644`);
    // The operator's choice is warned about, not overridden.
    expect(fs.statSync(dataDir).mode & 0o777).toBe(0o755);
  });
});
