import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { recommendedContent } from '../demo-fixtures.js';
import { createSandboxProvider } from '../provider/sandbox-provider.js';
import { sandboxTables } from '../provider/sandbox-tables.js';
import type { Database } from '../store/index.js';
import { databaseFileName, openDatabase } from '../store/index.js';
import { makeTempDir, removeDir } from '../store/test-helpers.js';
import type { PageBuilder, PageRequest } from './page-builder.js';
import { inThreadPageBuilder } from './page-builder.js';
import { threadPageBuilder } from './page-thread.js';

let dir: string;
let db: Database;
let local: PageBuilder;
let thread: PageBuilder;

beforeAll(() => {
  dir = makeTempDir('splice-page-thread-');
  db = openDatabase(dir);
  local = inThreadPageBuilder(createSandboxProvider(db, { contacts: 3_000 }));
  const never: PageBuilder = {
    inThread: true,
    build: () => Promise.reject(new Error('built in this thread')),
    close: async () => {},
  };
  thread = threadPageBuilder(path.join(dir, databaseFileName), never);
});

/** The worker's pages, once it has loaded (before that, pages go to the builder it was given). */
async function fromWorker(request: PageRequest) {
  for (;;) {
    try {
      return await thread.build(request);
    } catch (error) {
      if (!/built in this thread/.test(String(error))) throw error;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }
}
afterAll(async () => {
  await thread.close();
  db.close();
  removeDir(dir);
});

const contacts = recommendedContent({ defaultPeriod: { fullHistory: true } }, 'hook').read.objects.contacts!;

function request(afterId: number, limit: number): PageRequest {
  return {
    objectName: 'contacts',
    window: { untilMs: Date.now(), conditions: [] },
    afterId,
    limit,
    shaping: { objectConfig: contacts },
    envelope: {
      projectId: 'demo',
      provider: 'sandboxcrm',
      groupRef: 'acme',
      groupName: 'Acme',
      installationId: 'i-1',
      installationUpdateTime: '2026-11-22T10:00:00.000Z',
      objectName: 'contacts',
      consumerRef: 'alice',
      consumerName: 'alice',
      operationId: 'op-1',
      readType: 'backfill',
      operationTime: '2026-11-22T10:00:00.000Z',
    },
    destinationName: 'hook',
    maxMessageBytes: 100 * 1024,
    buildChunk: 100,
  };
}

/** A message without its id, which is fresh for every message built. */
const withoutIds = (page: Awaited<ReturnType<PageBuilder['build']>>) => ({
  ...page,
  messages: page.messages.map(({ id, ...rest }) => {
    expect(id).toMatch(/^msg_[0-9a-f]{32}$/);
    return rest;
  }),
});

// The worker's first start loads the read code through tsx: seconds on a busy machine.
describe('the page worker thread', { timeout: 60_000 }, () => {
  it('builds, page after page, exactly the messages the engine thread builds', async () => {
    let afterId = 0;
    let pages = 0;
    for (;;) {
      const [mine, theirs] = await Promise.all([
        local.build(request(afterId, 700)),
        fromWorker(request(afterId, 700)),
      ]);
      expect(withoutIds(theirs)).toEqual(withoutIds(mine));
      pages++;
      if (mine.records < 700) break;
      afterId = mine.lastId;
    }
    expect(pages).toBe(5);
    expect(thread.inThread).toBe(false);
  });

  it('fails a page the provider refuses, with the provider message, and goes on with the next', async () => {
    await expect(fromWorker({ ...request(0, 10), objectName: 'nope' })).rejects.toThrow(/nope/);
    expect((await fromWorker(request(0, 10))).records).toBe(10);
  });

  // Several instances share the sandbox file (reliability/test/shared-reads.test.ts): a change another
  // connection commits must be in the worker's next page, not hidden behind a snapshot its connection
  // still holds from an earlier read.
  it("sees in its next page a change another connection committed after the worker's last page", async () => {
    const window = (untilMs: number) => ({ sinceMs: untilMs - 60_000, untilMs, conditions: [] });
    const now = Math.floor(Date.now() / 1000) * 1000;
    const before = await fromWorker({ ...request(0, 10), window: window(now) });
    expect(before.records).toBe(0);
    const writer = openDatabase(dir);
    try {
      writer
        .prepare(`UPDATE ${sandboxTables.get('contacts')!.sql} SET "updatedAt" = ? WHERE "id" = 7`)
        .run(now - 1_000);
    } finally {
      writer.close();
    }
    const after = await fromWorker({ ...request(0, 10), window: window(now) });
    expect(after.records).toBe(1);
    expect(after.lastId).toBe(7);
  });
});
