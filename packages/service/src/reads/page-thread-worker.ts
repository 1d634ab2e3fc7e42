/**
 * The worker thread of ./page-thread.ts: opens the sandbox's database file on a connection of its own
 * (reads only) and answers each `PageRequest` with its built page.
 */
import { parentPort, workerData } from 'node:worker_threads';
import Sqlite from 'better-sqlite3';
import { createSandboxReader } from '../provider/sandbox-reader.js';
import type { PageRequest } from './page-builder.js';
import { buildPage } from './page-builder.js';

const { databaseFile } = workerData as { databaseFile: string };
const db = new Sqlite(databaseFile, { fileMustExist: true });
db.pragma('busy_timeout = 5000');
const reader = createSandboxReader(db);

parentPort!.on('message', async ({ id, request }: { id: number; request: PageRequest }) => {
  try {
    const page = await buildPage(reader, request);
    parentPort!.postMessage({ id, page });
  } catch (error) {
    parentPort!.postMessage({ id, error: error instanceof Error ? error.message : String(error) });
  }
});
parentPort!.postMessage('ready');
