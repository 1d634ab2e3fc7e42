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
  // The test's receiver listens on this machine.
  allowPrivateDestinations: ['loopback'],
  // On PostgreSQL (SPLICE_DATABASE_URL) a restarted process is a new instance: the killed one's claims hold
  // until they expire, so they are kept short here to resume within the test's time.
  readLeaseMs: 3_000,
  // One message in flight at a time: with the test's slow receiver the backfill then lasts long enough
  // for the SIGKILLs to land in the middle of it (eight in flight finish a small backfill in a blink).
  readTiming: {
    tickMs: 50,
    retryBaseMs: 20,
    retryMaxMs: 200,
    parkMs: 50,
    deliveryTimeoutMs: 2_000,
    deliveryWindow: 1,
    deliveryConcurrency: 1,
  },
});
console.log(`READY ${service.url}`);
