import type { BffLogger } from '../log/log-entry.js';

/** Where the service is and who is calling: the same for the embedded and the hosted service. */
export interface SpliceServerClientOptions {
  /** `{base_url}`, e.g. `http://127.0.0.1:4010/v1` (embedded) or the hosted API host's `/v1`: operations. */
  baseUrl: string;
  /** `{write_url}`, e.g. `http://127.0.0.1:4010/write/v1` or the hosted write host's `/v1`. */
  writeUrl: string;
  /** `{read_url}`, e.g. `http://127.0.0.1:4010/read/v1`; without it `triggerRead` is refused before any call. */
  readUrl?: string;
  /** The project's API key; it is sent as `x-api-key` and never logged. */
  apiKey: string;
  /** The project's ID or name. */
  project: string;
  /** Deadlines per call, from sending to the answer's last byte. Default 10 s for reads, 60 s for writes. */
  timeouts?: { readMs?: number; writeMs?: number; connectMs?: number };
  /**
   * Retries after a connection fault or a 5xx: of reads (get an operation) always, of writes only with an
   * `idempotencyKey`, which makes a second attempt safe. Default 2, with a jittered doubling wait.
   */
  retry?: { retries?: number; baseDelayMs?: number; maxDelayMs?: number };
  /** Calls in flight at once; more are refused at once (`UpstreamFault` of kind `busy`). Default 64. */
  maxInFlight?: number;
  /** Keep-alive connections per origin. Default 16. */
  connectionsPerOrigin?: number;
  /** Bytes of one answer; more is a fault. Default 4 MiB (a hundred records written, with their data). */
  maxResponseBytes?: number;
  /** One line per call (redacted: never the API key). Default: warnings and errors to stderr. */
  logger?: BffLogger;
}

export const serverClientDefaults = {
  readMs: 10_000,
  writeMs: 60_000,
  connectMs: 3_000,
  retries: 2,
  baseDelayMs: 100,
  maxDelayMs: 1_000,
  maxInFlight: 64,
  connectionsPerOrigin: 16,
  maxResponseBytes: 4 * 1024 * 1024,
} as const;
