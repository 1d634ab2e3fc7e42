/**
 * The data directory holds the service's secrets at rest: the database (connections, sealed tokens, sealed
 * webhook secrets), its `-wal` and `-shm` files, and `secret.key`. It is made for its
 * owner alone: the directory 0700 and the database 0600 when the service creates them, set with `chmod`
 * after creating, so a permissive umask (022 is usual) cannot widen them. SQLite gives the `-wal` and `-shm`
 * files the database file's mode. An existing directory or file that others may read or write is left as
 * the operator made it, with a warning on start-up saying how to tighten it.
 */
import fs from 'node:fs';
import path from 'node:path';

/** Files of the data directory that hold secrets, checked on start-up. */
const secretFiles = (databaseFileName: string) => [
  databaseFileName,
  `${databaseFileName}-wal`,
  `${databaseFileName}-shm`,
  'secret.key',
];

/** Paths already warned about, per destination of the warnings (the service opens its database twice). */
const warnedBy = new WeakMap<Warn, Set<string>>();

/** Where the warnings go (tests capture them). */
export type Warn = (message: string) => void;

const defaultWarn: Warn = (message) => console.warn(`warning: ${message}`);

function looser(file: string): number | undefined {
  try {
    const mode = fs.statSync(file).mode & 0o777;
    return mode & 0o077 ? mode : undefined;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw error;
  }
}

/**
 * Creates the data directory (0700) and the empty database file (0600) when missing, and warns about each
 * existing one that others may access. Returns the database file's path.
 */
export function prepareDataDir(dataDir: string, databaseFileName: string, warn: Warn = defaultWarn): string {
  if (!fs.existsSync(dataDir)) {
    fs.mkdirSync(dataDir, { recursive: true, mode: 0o700 });
    fs.chmodSync(dataDir, 0o700);
  }
  const database = path.join(dataDir, databaseFileName);
  try {
    // `wx`: create only; an existing database keeps its mode (checked below).
    fs.closeSync(fs.openSync(database, 'wx', 0o600));
    fs.chmodSync(database, 0o600);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
  }
  const checks: Array<[string, number]> = [
    [dataDir, 0o700],
    ...secretFiles(databaseFileName).map((name): [string, number] => [path.join(dataDir, name), 0o600]),
  ];
  const warned = warnedBy.get(warn) ?? new Set<string>();
  warnedBy.set(warn, warned);
  for (const [file, wanted] of checks) {
    const mode = looser(file);
    if (mode === undefined || warned.has(file)) continue;
    warned.add(file);
    warn(
      `${file} is ${mode.toString(8).padStart(4, '0')}: other users of this machine can reach the secrets in it. Run chmod ${wanted.toString(8)} ${file}.`,
    );
  }
  return database;
}
