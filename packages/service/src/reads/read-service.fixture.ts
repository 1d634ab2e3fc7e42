/**
 * Child process of the read crash tests: the real service (reads and deliveries running) on a data
 * directory, with the clock constants shrunk. Prints `READY <url>` once it listens; the parent SIGKILLs it
 * at random moments and starts it again on the same directory.
 *
 * argv: <dataDir> <contacts>
 */
import { startService } from '../start-service.js';

const [dataDir, contacts] = process.argv.slice(2);
if (!dataDir || !contacts) throw new Error('usage: read-service.fixture.ts <dataDir> <contacts>');

const service = await startService({
  port: 0,
  dataDir,
  contacts: Number(contacts),
  sandboxActivity: 0,
  runReads: true,
  readTiming: { tickMs: 50, retryBaseMs: 20, retryMaxMs: 200, parkMs: 50, deliveryTimeoutMs: 2_000 },
});
console.log(`READY ${service.url}`);
