/**
 * The service CLI (packages/service/src/cli.ts) in a process of its own on a free port, as an operator
 * runs an instance: tests that stop a database under it or SIGKILL it need a real process, not an app in
 * the test's own. Every process started here is killed by `killServiceProcesses` (call it in `afterAll`).
 */
import type { ChildProcess } from 'node:child_process';
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const serviceDir = fileURLToPath(new URL('../../packages/service/', import.meta.url));
const live = new Set<ChildProcess>();
/** Output kept per process: enough to tell why a test failed. */
const keptChars = 20_000;

export interface ServiceProcess {
  child: ChildProcess;
  /** The base URL the CLI printed (`{base_url}`), without `/v1`. */
  url: string;
  /** The last `chars` characters it wrote (stdout and stderr). */
  output: (chars?: number) => string;
  /** Lines it has logged on stderr so far. */
  logLines: () => number;
}

/** Starts an instance with `env` added to this process's environment; resolves once it listens. */
export async function launchServiceProcess(
  name: string,
  env: Record<string, string>,
): Promise<ServiceProcess> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/cli.ts'], {
    cwd: serviceDir,
    // The tests' receivers listen on this machine.
    env: { ...process.env, SPLICE_ALLOW_PRIVATE_DESTINATIONS: 'loopback', ...env, PORT: '0' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  live.add(child);
  child.on('exit', () => live.delete(child));
  let output = '';
  let logLines = 0;
  const keep = (chunk: Buffer) => {
    output = (output + chunk).slice(-keptChars);
  };
  child.stderr!.on('data', (chunk: Buffer) => {
    logLines += String(chunk).split('\n').length - 1;
    keep(chunk);
  });
  const url = await new Promise<string>((resolve, reject) => {
    child.stdout!.on('data', (chunk: Buffer) => {
      keep(chunk);
      const match = /\{base_url\}\s+(\S+)\/v1/.exec(output);
      if (match) resolve(match[1]!);
    });
    child.on('exit', (code) =>
      reject(new Error(`service ${name} exited (${code}) before it listened:\n${output}`)),
    );
  });
  return { child, url, output: (chars = 4_000) => output.slice(-chars), logLines: () => logLines };
}

export function killServiceProcesses(): void {
  for (const child of live) child.kill('SIGKILL');
}
