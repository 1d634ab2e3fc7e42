import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';

const packageDir = new URL('..', import.meta.url).pathname;
const dataDir = mkdtempSync(join(tmpdir(), 'splice-cli-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

/** Runs `pnpm service`'s command as a real process; resolves with its output once `until` matches. */
function runCli(env: Record<string, string>) {
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/cli.ts'], {
    cwd: packageDir,
    env: { ...process.env, SPLICE_DATA_DIR: dataDir, SPLICE_CONTACTS: '500', ...env },
  });
  let output = '';
  child.stdout.on('data', (chunk) => {
    output += chunk;
  });
  child.stderr.on('data', (chunk) => {
    output += chunk;
  });
  // The exit code, or the signal that ended the process (a crash at exit then names itself in a failure).
  const exited = new Promise<number | NodeJS.Signals | null>((resolve) =>
    child.on('exit', (code, signal) => resolve(code ?? signal)),
  );
  const printed = (pattern: RegExp) =>
    new Promise<void>((resolve, reject) => {
      const timer = setInterval(() => {
        if (pattern.test(output)) {
          clearInterval(timer);
          resolve();
        }
      }, 50);
      void exited.then(() => {
        clearInterval(timer);
        if (pattern.test(output)) resolve();
        else reject(new Error(`exited before printing ${pattern}:\n${output}`));
      });
    });
  return { child, exited, printed, output: () => output };
}

// Each test starts a real process that compiles the CLI through tsx and seeds its data: seconds on a busy
// machine, so the tests get more than vitest's 5 s default (they check behaviour, not start-up time).
describe('pnpm service', { timeout: 30_000 }, () => {
  it('prints both URLs and where the credentials came from (never a value set in the environment), answers, and stops cleanly on SIGTERM', async () => {
    const cli = runCli({
      PORT: '0',
      SPLICE_API_KEY: 'key-from-env',
      SPLICE_AUTH_TOKEN: 'token-from-env',
      SPLICE_DEMO_RECEIVER_URL: 'http://127.0.0.1:9/hooks',
      SPLICE_DEMO_WEBHOOK_SECRET: 'whsec_c2VjcmV0LWZyb20tZW52aXJvbm1lbnQtMzItYnl0ZXM=',
    });
    await cli.printed(/Demo data/);
    const baseUrl = /\{base_url\}\s+(\S+)/.exec(cli.output())?.[1];
    expect(baseUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/v1$/);
    expect(cli.output()).toMatch(/\{search_url\}\s+http:\/\/127\.0\.0\.1:\d+\/search\/v1/);
    expect(cli.output()).toMatch(/API key\s+\(from SPLICE_API_KEY\)/);
    expect(cli.output()).toMatch(/Auth token\s+\(from SPLICE_AUTH_TOKEN\)/);
    expect(cli.output()).toMatch(/Webhook secret\s+\(from SPLICE_DEMO_WEBHOOK_SECRET\)/);
    // The receiver is on loopback, which this service was not told to allow.
    expect(cli.output()).toMatch(/nothing is delivered there: 127\.0\.0\.1 is a loopback address/);
    for (const secret of ['key-from-env', 'token-from-env', 'c2VjcmV0LWZyb20tZW52aXJvbm1lbnQtMzItYnl0ZXM']) {
      expect(cli.output()).not.toContain(secret);
    }
    const response = await fetch(`${baseUrl}/projects/demo/integrations/hubspot-sync`, {
      headers: { 'x-api-key': 'key-from-env' },
    });
    expect(response.status).toBe(200);
    cli.child.kill('SIGTERM');
    expect(await cli.exited).toBe(0);
    expect(cli.output()).toContain('Stopped.');
  });

  it('prints the dev credentials when none are set, and stops on SIGINT', async () => {
    const cli = runCli({ PORT: '0', SPLICE_API_KEY: '', SPLICE_AUTH_TOKEN: '' });
    await cli.printed(/Demo data/);
    expect(cli.output()).toMatch(/API key\s+splice-dev-api-key\s+\(dev default/);
    cli.child.kill('SIGINT');
    expect(await cli.exited).toBe(0);
  });

  it('does not start with an invalid manifest, naming the line and path', async () => {
    const manifest = join(dataDir, 'bad-manifest.yaml');
    writeFileSync(
      manifest,
      'specVersion: 1.0.0\nintegrations:\n  - name: x\n    provider: p\n    read:\n      objects:\n        - enabled: always\n',
    );
    const cli = runCli({ PORT: '0', SPLICE_MANIFEST: manifest });
    expect(await cli.exited).toBe(1);
    expect(cli.output()).toMatch(
      /bad-manifest\.yaml:7: integrations\[0\]\.read\.objects\[0\]\.objectName: This property is required/,
    );
    expect(cli.output()).not.toContain('listening');
  });
});
