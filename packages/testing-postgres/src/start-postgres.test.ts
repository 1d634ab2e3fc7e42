import { existsSync, statSync } from 'node:fs';
import { createServer, type Server } from 'node:net';
import { userInfo } from 'node:os';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serverUser } from './server-user.js';
import type { RunningPostgres } from './start-postgres.js';
import { startPostgres } from './start-postgres.js';

describe('startPostgres', () => {
  let server: RunningPostgres;
  beforeAll(async () => {
    server = await startPostgres();
  });
  afterAll(() => server?.stop());

  it('runs a real PostgreSQL 18 on 127.0.0.1 with a fresh data directory under /tmp', async () => {
    expect(server.databaseDir).toMatch(/^\/tmp\/splice-pg-/);
    expect(existsSync(server.databaseDir)).toBe(true);
    const client = new pg.Client({ connectionString: server.url });
    await client.connect();
    try {
      const { rows } = await client.query<{ version: string }>(
        'SELECT current_setting($$server_version$$) AS version',
      );
      expect(rows[0]?.version).toMatch(/^18\./);
    } finally {
      await client.end();
    }
  });

  it('runs the server as the postgres user when the tests run as root, else as the current user', () => {
    const expectedOwner = serverUser()?.uid ?? userInfo().uid;
    expect(statSync(server.databaseDir).uid).toBe(expectedOwner);
    if (userInfo().uid === 0) expect(expectedOwner).not.toBe(0);
  });

  it('fails at once, saying why, when the server cannot start', { timeout: 15_000 }, async () => {
    const taken: Server = createServer();
    await new Promise<void>((resolve) => taken.listen(0, '127.0.0.1', resolve));
    const address = taken.address();
    const port = typeof address === 'object' && address ? address.port : 0;
    try {
      await expect(startPostgres({ port })).rejects.toThrow(
        /the server did not start[\s\S]*Address already in use/,
      );
    } finally {
      taken.close();
    }
  });

  it('creates a separate database per suite', async () => {
    const url = await server.createDatabase('suite_one');
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    try {
      const { rows } = await client.query<{ name: string }>('SELECT current_database() AS name');
      expect(rows[0]?.name).toBe('suite_one');
    } finally {
      await client.end();
    }
  });

  it('pauses like an outage and resumes with its data', async () => {
    const url = await server.createDatabase('outage');
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    await client.query('CREATE TABLE kept (n int)');
    await client.query('INSERT INTO kept VALUES (1)');
    await client.end();
    await server.pause();
    const refused = new pg.Client({ connectionString: url, connectionTimeoutMillis: 1_000 });
    await expect(refused.connect()).rejects.toThrow();
    await server.resume();
    const again = new pg.Client({ connectionString: url });
    await again.connect();
    try {
      expect((await again.query('SELECT n FROM kept')).rows).toEqual([{ n: 1 }]);
    } finally {
      await again.end();
    }
  });

  it('stops and deletes its data directory', async () => {
    const other = await startPostgres();
    await other.stop();
    expect(existsSync(other.databaseDir)).toBe(false);
    const client = new pg.Client({ connectionString: other.url, connectionTimeoutMillis: 1_000 });
    await expect(client.connect()).rejects.toThrow();
  });
});
