/**
 * Crash durability: a child process commits installations and reports each id after commit; the parent kills
 * it with SIGKILL (no exit handlers, no flush) mid-write, reopens the database and expects every reported id
 * to be there and the file to pass `PRAGMA integrity_check`.
 */
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openDatabase } from './open-database.js';
import { SqliteRepository } from './sqlite-repository.js';
import { makeTempDir, removeDir } from './test-helpers.js';

const writerScript = fileURLToPath(new URL('./durability-writer.fixture.ts', import.meta.url));
const packageDir = fileURLToPath(new URL('../..', import.meta.url));
/** How many committed writes to wait for before killing the child. */
const killAfter = 300;

describe('store durability', () => {
  let dir: string;
  beforeEach(() => {
    dir = makeTempDir();
  });
  afterEach(() => removeDir(dir));

  it('keeps every installation reported as committed when the writer is SIGKILLed', async () => {
    const setupDb = openDatabase(dir);
    const setup = new SqliteRepository(setupDb);
    const project = setup.insertProject({ name: 'durability' });
    const integration = setup.upsertIntegration({
      projectId: project.id,
      name: 'crm',
      provider: 'sandboxcrm',
      specVersion: '1.0.0',
      content: {},
    });
    setup.upsertGroup({ projectId: project.id, groupRef: 'owner', groupName: 'Owner' });
    const connection = setup.insertConnection({
      projectId: project.id,
      provider: 'sandboxcrm',
      groupRef: 'owner',
      consumerRef: 'u',
      status: 'working',
      authScheme: 'none',
      isDefault: true,
      credentials: {},
    });
    setupDb.close();

    // `node --import tsx` (tsx is a root devDependency, resolved from the package directory).
    const child = spawn(
      process.execPath,
      ['--import', 'tsx', writerScript, dir, project.id, integration.id, connection.id],
      { cwd: packageDir, stdio: ['ignore', 'pipe', 'pipe'] },
    );
    const reported: string[] = [];
    let stderr = '';
    let pending = '';
    child.stderr.on('data', (chunk: Buffer) => {
      stderr += chunk.toString();
    });
    child.stdout.on('data', (chunk: Buffer) => {
      pending += chunk.toString();
      const lines = pending.split('\n');
      // A partial last line (possibly cut by the kill) is not a report.
      pending = lines.pop() ?? '';
      reported.push(...lines);
      if (reported.length >= killAfter && !child.killed) child.kill('SIGKILL');
    });
    // 'close' fires once the process is gone and its stdout fully read, so no report is lost.
    const signal = await new Promise<NodeJS.Signals | null>((resolve) =>
      child.on('close', (_code, closeSignal) => resolve(closeSignal)),
    );
    expect(signal, `writer ended on its own: ${stderr}`).toBe('SIGKILL');
    expect(reported.length).toBeGreaterThanOrEqual(killAfter);

    const db = openDatabase(dir);
    try {
      expect(db.pragma('integrity_check', { simple: true })).toBe('ok');
      const stored = new Set(
        db.prepare('SELECT id FROM installations WHERE project_id = ?').pluck().all(project.id) as string[],
      );
      const missing = reported.filter((id) => !stored.has(id));
      expect(missing).toEqual([]);
      expect(stored.size).toBeGreaterThanOrEqual(reported.length);
    } finally {
      db.close();
    }
  });
});
