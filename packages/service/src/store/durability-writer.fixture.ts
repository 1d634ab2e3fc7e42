/**
 * Child process of the durability test: writes installations one transaction at a time, forever, and prints
 * each installation id on stdout only after its transaction committed. The parent SIGKILLs it mid-stream and
 * checks that every printed id survived.
 *
 * argv: <dataDir> <projectId> <integrationId> <connectionId>
 */
import { openDatabase } from './open-database.js';
import { SqliteRepository } from './sqlite-repository.js';

const [dataDir, projectId, integrationId, connectionId] = process.argv.slice(2);
if (!dataDir || !projectId || !integrationId || !connectionId) {
  throw new Error('usage: durability-writer.fixture.ts <dataDir> <projectId> <integrationId> <connectionId>');
}

// As the service opens it: each commit synced in the thread pool before the call resolves.
const repo = new SqliteRepository(openDatabase(dataDir, { commitSync: 'thread-pool' }));
for (let n = 0; ; n++) {
  const groupRef = `group-${process.pid}-${n}`;
  const installation = await repo.transaction(async (tx) => {
    // The padding varies the row size, so pages split at different points from one write to the next.
    await tx.upsertGroup({ projectId, groupRef, groupName: `Group ${n} ${'x'.repeat(n % 500)}` });
    return tx.insertInstallation({
      projectId,
      integrationId,
      groupRef,
      connectionId,
      createdBy: 'api:durability-test',
      config: {
        id: `config-${n}`,
        revisionId: 'rev-1',
        createTime: new Date().toISOString(),
        createdBy: 'api:durability-test',
        content: { provider: 'hubspot' },
      },
    });
  });
  // Synchronous write: the line leaves the process before the next transaction starts.
  process.stdout.write(`${installation.id}\n`);
}
