// @splice/bff/postgres from the tarball, with the host's own `pg`: the store loads `pg` on first use and
// reaches for the server. Port 9 on loopback has no PostgreSQL, so the claim must fail with a refused
// connection (never "Cannot find package 'pg'"); prints that error's code.
import { PostgresIdempotencyStore } from '@splice/bff/postgres';

const store = new PostgresIdempotencyStore({ connectionString: 'postgres://splice@127.0.0.1:9/splice' });
try {
  await store.claim('probe', 'fingerprint', 1_000);
  process.stdout.write('claimed');
} catch (error) {
  process.stdout.write(String(error.code ?? error.message));
} finally {
  await store.close();
}
