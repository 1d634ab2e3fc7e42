import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { defaultManifestPath } from './config.js';
import { demoDataSet, seedDemoData } from './demo-data.js';
import { loadManifest } from './manifest/load-manifest.js';
import { openDatabase, SqliteRepository } from './store/index.js';

describe('seedDemoData', () => {
  const dirs: string[] = [];
  afterEach(() => {
    for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
  });

  it('gives the demo project of an older database its display name, once', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'splice-demo-data-'));
    dirs.push(dir);
    const db = openDatabase(dir);
    const repo = new SqliteRepository(db);
    // As a database seeded before projects had display names holds it.
    await repo.insertProject({ id: demoDataSet.project.id, name: demoDataSet.project.name });
    await seedDemoData(repo, loadManifest(defaultManifestPath));
    expect((await repo.getProject('demo'))?.displayName).toBe('Northwind Pipeline');
    await seedDemoData(repo, loadManifest(defaultManifestPath));
    expect((await repo.getProject('demo'))?.displayName).toBe('Northwind Pipeline');
    db.close();
  });
});
