/**
 * Store crash safety: a writer process (the service's own durability writer, committing installations
 * through `SqliteRepository` and printing each id once committed) is SIGKILLed at random moments, again
 * and again on the same database: sometimes after a random number of commits, sometimes after a random
 * time (possibly while it opens and migrates the database). After every kill the database is reopened:
 * integrity_check and foreign_key_check clean, and every id the writer acknowledged is there.
 */
import type { ChildProcess } from 'node:child_process';
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase, SqliteRepository } from '../../packages/service/src/store/index.js';
import { Failures, figures, ms } from '../src/figures.js';
import { prng } from '../src/fuzz/mutations.js';
import { mapPool } from '../src/pool.js';
import { sizes } from '../src/size.js';

const writerScript = fileURLToPath(
  new URL('../../packages/service/src/store/durability-writer.fixture.ts', import.meta.url),
);
const serviceDir = fileURLToPath(new URL('../../packages/service/', import.meta.url));

/**
 * Writers still running. A writer never yields to its event loop, so it cannot notice that this test is
 * gone: whatever ends the test (even a timeout) kills them here.
 */
const live = new Set<ChildProcess>();
afterAll(() => {
  for (const child of live) child.kill('SIGKILL');
});

interface Lane {
  dir: string;
  projectId: string;
  integrationId: string;
  connectionId: string;
  acknowledged: Set<string>;
}

function prepare(): Lane {
  const dir = mkdtempSync(join(tmpdir(), 'splice-crash-'));
  const db = openDatabase(dir);
  const repo = new SqliteRepository(db);
  const project = repo.insertProject({ name: 'crash' });
  const integration = repo.upsertIntegration({
    projectId: project.id,
    name: 'crm',
    provider: 'sandboxcrm',
    specVersion: '1.0.0',
    content: {},
  });
  repo.upsertGroup({ projectId: project.id, groupRef: 'owner', groupName: 'Owner' });
  const connection = repo.insertConnection({
    projectId: project.id,
    provider: 'sandboxcrm',
    groupRef: 'owner',
    consumerRef: 'u',
    status: 'working',
    authScheme: 'none',
    isDefault: true,
    credentials: {},
  });
  db.close();
  return {
    dir,
    projectId: project.id,
    integrationId: integration.id,
    connectionId: connection.id,
    acknowledged: new Set(),
  };
}

interface KillResult {
  acknowledged: number;
  signal: NodeJS.Signals | null;
  stderr: string;
  mode: string;
  aliveMs: number;
}

/** Runs the writer until it is killed: after `afterWrites` commits, or `afterMs` from its start. */
function runAndKill(lane: Lane, trigger: { afterWrites?: number; afterMs?: number }): Promise<KillResult> {
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', writerScript, lane.dir, lane.projectId, lane.integrationId, lane.connectionId],
    {
      cwd: serviceDir,
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  const started = performance.now();
  let count = 0;
  let pending = '';
  let stderr = '';
  const kill = () => {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
  };
  const timer = trigger.afterMs === undefined ? undefined : setTimeout(kill, trigger.afterMs);
  child.stderr.on('data', (chunk: Buffer) => {
    stderr += chunk.toString();
  });
  child.stdout.on('data', (chunk: Buffer) => {
    pending += chunk.toString();
    const lines = pending.split('\n');
    // A partial last line (cut by the kill) is not an acknowledgement.
    pending = lines.pop() ?? '';
    for (const id of lines) {
      lane.acknowledged.add(id);
      count++;
    }
    if (trigger.afterWrites !== undefined && count >= trigger.afterWrites) kill();
  });
  // A writer that has not reached its trigger after 10 s (a starved machine) is killed then.
  const guard = setTimeout(kill, 10_000);
  return new Promise((resolve) => {
    child.on('close', (_code, signal) => {
      live.delete(child);
      clearTimeout(timer);
      clearTimeout(guard);
      resolve({
        acknowledged: count,
        signal,
        stderr,
        mode:
          trigger.afterWrites !== undefined
            ? `after ${trigger.afterWrites} commits`
            : `after ${trigger.afterMs} ms`,
        aliveMs: performance.now() - started,
      });
    });
  });
}

function check(lane: Lane): { integrity: string; foreignKeys: number; stored: number; missing: string[] } {
  const db = openDatabase(lane.dir);
  try {
    const integrity = String(db.pragma('integrity_check', { simple: true }));
    const foreignKeys = (db.pragma('foreign_key_check') as unknown[]).length;
    const stored = new Set(
      db.prepare('SELECT id FROM installations WHERE project_id = ?').pluck().all(lane.projectId) as string[],
    );
    return {
      integrity,
      foreignKeys,
      stored: stored.size,
      missing: [...lane.acknowledged].filter((id) => !stored.has(id)),
    };
  } finally {
    db.close();
  }
}

describe('store crash safety', () => {
  it(`${sizes.kills} SIGKILLs at random moments lose no acknowledged write`, async () => {
    // Two lanes (two databases) side by side: one writer per core.
    const lanes = [prepare(), prepare()];
    const failures = new Failures();
    let kills = 0;
    let duringOpen = 0;
    let acknowledged = 0;
    let lost = 0;
    let integrityOk = 0;
    let longest = 0;
    let slowest = '';
    try {
      await mapPool(lanes, 2, async (lane, laneIndex) => {
        const random = prng(sizes.seed + 50 + laneIndex);
        for (let k = laneIndex; k < sizes.kills; k += lanes.length) {
          const trigger =
            random() < 0.6
              ? { afterWrites: 1 + Math.floor(random() * 400) }
              : { afterMs: Math.floor(random() * 1_500) };
          const result = await runAndKill(lane, trigger);
          kills++;
          if (result.aliveMs > longest) slowest = `${result.mode}, ${result.acknowledged} acknowledged`;
          longest = Math.max(longest, result.aliveMs);
          acknowledged += result.acknowledged;
          if (result.acknowledged === 0) duringOpen++;
          if (result.signal !== 'SIGKILL')
            failures.add(
              `  - kill ${k} (${result.mode}): the writer ended with ${result.signal}: ${result.stderr.slice(0, 300)}`,
            );
          const verdict = check(lane);
          if (verdict.integrity === 'ok' && verdict.foreignKeys === 0) integrityOk++;
          else
            failures.add(
              `  - kill ${k} (${result.mode}): integrity ${verdict.integrity}, ${verdict.foreignKeys} foreign key violations`,
            );
          if (verdict.missing.length > 0) {
            lost += verdict.missing.length;
            failures.add(
              `  - kill ${k} (${result.mode}): ${verdict.missing.length} acknowledged writes lost, e.g. ${verdict.missing[0]}`,
            );
          }
        }
      });
    } finally {
      for (const lane of lanes) rmSync(lane.dir, { recursive: true, force: true });
    }
    figures(
      'store-crash',
      `${kills} SIGKILLs (${duringOpen} before the first commit was acknowledged), ${acknowledged} acknowledged writes, ${lost} lost, integrity ok after ${integrityOk}/${kills}, ${failures.count} failures; longest writer life ${ms(longest)} (${slowest})`,
      { kills, acknowledged, lost, integrityOk, failures: failures.count },
    );
    expect(failures.count, failures.toString()).toBe(0);
    expect(kills).toBe(sizes.kills);
  });
});
