/**
 * The store's kill loop, a test aid shared by the service's durability test and the reliability suite's
 * crash test: prepare a database with what an installation needs, run the durability writer (a child process
 * that commits installations and prints each id once committed) until it is SIGKILLed, then reopen the
 * database and check it: integrity, foreign keys, and every acknowledged id present.
 *
 * The writer runs from source (`node --import tsx`), so this works in the repository, not from `dist`.
 */
import type { ChildProcess } from 'node:child_process';
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { openDatabase } from './open-database.js';
import { SqliteRepository } from './sqlite-repository.js';

const writerScript = fileURLToPath(new URL('./durability-writer.fixture.ts', import.meta.url));
/** tsx is a root devDependency, resolved from the service package's directory. */
const packageDir = fileURLToPath(new URL('../..', import.meta.url));

/** One database the writer is killed over, again and again; `acknowledged` grows across kills. */
export interface CrashLane {
  dir: string;
  projectId: string;
  integrationId: string;
  connectionId: string;
  acknowledged: Set<string>;
}

/** Creates the project, integration, group and default connection the writer's installations need. */
export async function prepareCrashLane(dir: string): Promise<CrashLane> {
  const db = openDatabase(dir);
  try {
    const repo = new SqliteRepository(db);
    const project = await repo.insertProject({ name: 'crash' });
    const integration = await repo.upsertIntegration({
      projectId: project.id,
      name: 'crm',
      provider: 'hubspot',
      specVersion: '1.0.0',
      content: {},
    });
    await repo.upsertGroup({ projectId: project.id, groupRef: 'owner', groupName: 'Owner' });
    const connection = await repo.insertConnection({
      projectId: project.id,
      provider: 'hubspot',
      groupRef: 'owner',
      consumerRef: 'u',
      status: 'working',
      authScheme: 'none',
      isDefault: true,
      credentials: {},
    });
    return {
      dir,
      projectId: project.id,
      integrationId: integration.id,
      connectionId: connection.id,
      acknowledged: new Set(),
    };
  } finally {
    db.close();
  }
}

export interface KillTrigger {
  /** Kill once this many commits were acknowledged. */
  afterWrites?: number;
  /** Kill this long after the spawn (possibly while the writer opens and migrates the database). */
  afterMs?: number;
  /** Kill anyway after this long, for a starved machine. Default 10 s. */
  guardMs?: number;
}

export interface KillResult {
  /** Ids acknowledged during this run. */
  acknowledged: number;
  /** `SIGKILL` unless the writer ended on its own (a failure: see `stderr`). */
  signal: NodeJS.Signals | null;
  stderr: string;
  aliveMs: number;
}

/**
 * Runs the writer over `lane` until the trigger kills it. `live` (optional) holds the child while it runs,
 * so a caller's `afterAll` can kill writers a timed-out test left behind: a writer never yields to its event
 * loop and cannot notice on its own.
 */
export function runWriterUntilKilled(
  lane: CrashLane,
  trigger: KillTrigger,
  live?: Set<ChildProcess>,
): Promise<KillResult> {
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', writerScript, lane.dir, lane.projectId, lane.integrationId, lane.connectionId],
    { cwd: packageDir, stdio: ['ignore', 'pipe', 'pipe'] },
  );
  live?.add(child);
  const started = performance.now();
  let count = 0;
  let pending = '';
  let stderr = '';
  const kill = () => {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
  };
  const timer = trigger.afterMs === undefined ? undefined : setTimeout(kill, trigger.afterMs);
  const guard = setTimeout(kill, trigger.guardMs ?? 10_000);
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
  // 'close' fires once the process is gone and its stdout fully read, so no acknowledgement is lost.
  return new Promise((resolve) => {
    child.on('close', (_code, signal) => {
      live?.delete(child);
      clearTimeout(timer);
      clearTimeout(guard);
      resolve({ acknowledged: count, signal, stderr, aliveMs: performance.now() - started });
    });
  });
}

export interface CrashVerdict {
  /** `ok` when `PRAGMA integrity_check` is clean. */
  integrity: string;
  foreignKeyViolations: number;
  stored: number;
  /** Acknowledged ids that are not in the database: each is a lost write. */
  missing: string[];
}

export function checkCrashLane(lane: CrashLane): CrashVerdict {
  const db = openDatabase(lane.dir);
  try {
    const stored = new Set(
      db.prepare('SELECT id FROM installations WHERE project_id = ?').pluck().all(lane.projectId) as string[],
    );
    return {
      integrity: String(db.pragma('integrity_check', { simple: true })),
      foreignKeyViolations: (db.pragma('foreign_key_check') as unknown[]).length,
      stored: stored.size,
      missing: [...lane.acknowledged].filter((id) => !stored.has(id)),
    };
  } finally {
    db.close();
  }
}
