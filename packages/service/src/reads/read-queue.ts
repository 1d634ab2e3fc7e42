/**
 * Who does the read engine's control work: planning installations and starting due scheduled reads.
 *
 * Alone (SQLite), the engine does it itself at every tick and needs no queue. Several instances on one
 * PostgreSQL database must not each start the same minute's reads, so there a shared job queue
 * (../store/pg/pg-boss-read-queue.ts) turns the instances' ticks into one job per tick, run by whichever instance
 * fetches it. The reading and delivering that the started operations need are claimed from the store
 * itself (see `OperationStore`), so this interface stays this small.
 */
export interface ReadQueue {
  /** Connects and starts fetching tick jobs; `tick` runs for each one this instance fetches. */
  start(tick: () => Promise<void>): Promise<void>;
  /** Asks for the current tick. Every instance asks; the queue keeps one job per tick. */
  requestTick(): Promise<void>;
  /** Stops fetching, lets a running tick finish and closes the connections. */
  stop(): Promise<void>;
}
