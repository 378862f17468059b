import pg from 'pg';
import { afterAll, expect, it } from 'vitest';
import { authed, registerUser, startTestApp } from '../support/harness.js';

/**
 * PostgreSQL only (this file runs in the server-postgres project): the server's connections to
 * the database die under it (a database restart, an administrator's pg_terminate_backend). pg
 * reports that as an 'error' on the pool; unhandled, it would end the process. The server must
 * stay up and serve the next request on a new connection.
 */
const h = await startTestApp();
afterAll(() => h.close());

it('survives its database connections being terminated and reconnects', async () => {
  const user = await registerUser(h.url);
  const api = authed(h.url, user.token);
  expect((await api('/api/convos')).status).toBe(200);

  const admin = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
  await admin.connect();
  try {
    const name = new URL(h.database.url!).pathname.slice(1);
    const { rows } = await admin.query<{ n: number }>(
      `WITH victims AS MATERIALIZED (SELECT pid FROM pg_stat_activity WHERE datname = $1)
       SELECT count(*)::int AS n FROM victims WHERE pg_terminate_backend(pid)`,
      [name],
    );
    expect(rows[0]!.n).toBeGreaterThan(0);
  } finally {
    await admin.end();
  }
  // Give the terminated sockets' errors time to reach the pool.
  await new Promise((r) => setTimeout(r, 200));
  expect((await api('/api/convos')).status).toBe(200);
});
