/**
 * Two sizes: CI (what `pnpm test` runs) and deep (`SPLICE_DEEP=1`, `pnpm test:deep`). Every count and
 * duration of the suite comes from here, so one glance tells what each size does.
 */
export const deep = process.env.SPLICE_DEEP === '1';
export const sizeName = deep ? 'deep' : 'ci';

export const sizes = {
  /** Generated requests per operation, valid and invalid, for the schema-driven fuzz. */
  fuzzCases: deep ? 10_000 : 1_000,
  /** Raw bodies sent per server (service and BFF). */
  rawCases: deep ? 10_000 : 1_000,
  /** Generated cross-group attempts. */
  crossGroupCases: deep ? 10_000 : 1_000,
  /** Rounds of every upstream fault on every route. */
  faultRounds: deep ? 5 : 1,
  /** Rounds of 10 concurrent same-key creates. */
  idempotencyRounds: deep ? 200 : 20,
  /** SIGKILLs of the store writer. */
  kills: deep ? 200 : 20,
  /** SIGKILLs of the service during a backfill, and the contacts that backfill delivers. */
  readKills: deep ? 200 : 20,
  readKillContacts: deep ? 20_000 : 3_000,
  /** Generated cases for the write endpoint's fuzz, and cross-group write attempts. */
  writeFuzzCases: deep ? 10_000 : 200,
  writeAttackCases: deep ? 2_000 : 60,
  /** Generated proxy requests (paths, methods, headers), and proxy requests naming the other group. */
  proxyFuzzCases: deep ? 10_000 : 100,
  proxyAttackCases: deep ? 2_000 : 40,
  /** Asynchronous writes sent while the service is SIGKILLed, and the SIGKILLs. */
  writeKillWrites: deep ? 10_000 : 300,
  writeKills: deep ? 20 : 3,
  /** Contacts of the backfill delivered through receiver faults. */
  faultBackfillContacts: deep ? 100_000 : 5_000,
  /** Contacts of the backfill read through every provider fault class, and its page size. */
  providerFaultContacts: deep ? 100_000 : 3_000,
  providerFaultPageSize: deep ? 500 : 50,
  /** SIGKILLs of one of three instances while a connection's short-lived tokens are refreshed. */
  refreshKills: deep ? 20 : 2,
  refreshKillContacts: deep ? 20_000 : 2_000,
  /** Fixed-rate load through the BFF. */
  loadSeconds: deep ? 600 : 30,
  loadRate: 300,
  /** Seed of every generator: the same cases on every run unless SPLICE_SEED says otherwise. */
  seed: Number(process.env.SPLICE_SEED ?? 20_261_121),
} as const;
