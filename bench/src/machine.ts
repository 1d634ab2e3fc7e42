import { execFileSync } from 'node:child_process';
import os from 'node:os';

export interface Machine {
  cores: number;
  memoryGb: number;
  node: string;
  cpuModel: string;
}

export function describeMachine(): Machine {
  return {
    cores: os.availableParallelism(),
    memoryGb: Math.round((os.totalmem() / 1024 ** 3) * 10) / 10,
    node: process.version,
    cpuModel: os.cpus()[0]?.model.trim() ?? 'unknown',
  };
}

/** `git rev-parse HEAD`, or `unknown` outside a git checkout. */
export function currentCommit(cwd: string): string {
  try {
    return execFileSync('git', ['rev-parse', 'HEAD'], { cwd, encoding: 'utf8' }).trim();
  } catch {
    return 'unknown';
  }
}

/**
 * Whether the work tree has uncommitted changes (the figures then describe more than the commit). The
 * bench's own output, bench/results.json, does not count: runs in a row would otherwise mark every run
 * after the first.
 */
export function workTreeDirty(cwd: string): boolean {
  try {
    const changed = execFileSync('git', ['status', '--porcelain', '--', '.', ':!bench/results.json'], {
      cwd,
      encoding: 'utf8',
    });
    return changed.trim() !== '';
  } catch {
    return false;
  }
}
