import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inArray, sql } from 'drizzle-orm';
import type { ImportJob } from '@chat/contract';
import { buildApp, type App } from '../../app.js';
import { testAppConfig } from '../../../test/support/app-config.js';
import { openDatabase, type Database } from '../../db/client.js';
import { importJobs } from '../../db/schema.js';
import { openTestDatabase, type TestDatabase } from '../../../test/support/database.js';
import { authed, registerUser, type TestUser } from '../../../test/support/harness.js';
import { chatGptConversation } from './test/fixtures.js';

/**
 * Several instances on one PostgreSQL database: every instance looks for import jobs, and each
 * job is run by one of them only (claimed with FOR UPDATE SKIP LOCKED under a lease). Three
 * imports started at once on two instances all end with every conversation written once.
 */
let database: TestDatabase;
const instances: { app: App; db: Database; url: string }[] = [];

beforeAll(async () => {
  database = await openTestDatabase();
  for (let i = 0; i < 2; i++) {
    const db = await openDatabase({ url: database.url! });
    const app = await buildApp({ config: testAppConfig(), db: db.db });
    const url = await app.listen({ host: '127.0.0.1', port: 0 });
    instances.push({ app, db, url });
  }
});
afterAll(async () => {
  for (const { app, db } of instances) {
    await app.close();
    await db.close();
  }
  await database.close();
});

const file = (tag: number, n: number) =>
  JSON.stringify(
    Array.from({ length: n }, (_, i) =>
      chatGptConversation(`c0ffee00-0000-4000-8${tag}00-${i.toString(16).padStart(12, '0')}`, `C ${i}`),
    ),
  );

async function start(url: string, user: TestUser, body: string): Promise<string> {
  const form = new FormData();
  form.append('file', new Blob([body], { type: 'application/json' }), 'export.json');
  const res = await fetch(`${url}/api/convos/import`, {
    method: 'POST',
    headers: { authorization: `Bearer ${user.token}` },
    body: form,
  });
  expect(res.status).toBe(201);
  return ((await res.json()) as { jobId: string }).jobId;
}

describe('import jobs on several instances', () => {
  it('runs each job on one instance only, and every job ends whole', { timeout: 120_000 }, async () => {
    const [a, b] = instances;
    const users = [
      await registerUser(a!.url, 'One'),
      await registerUser(a!.url, 'Two'),
      await registerUser(b!.url, 'Three'),
    ];
    const count = 800;
    // Uploaded to both instances: each looks for work after an upload, and both sweep.
    const ids = await Promise.all(users.map((u, i) => start(instances[i % 2]!.url, u, file(i + 1, count))));

    // The owners each job had, sampled while they run.
    const owners = new Map<string, Set<string>>(ids.map((id) => [id, new Set()]));
    for (;;) {
      const rows = await database.db.select().from(importJobs).where(inArray(importJobs.id, ids));
      for (const row of rows) if (row.leaseOwner) owners.get(row.id)!.add(row.leaseOwner);
      if (rows.every((r) => r.status === 'completed' || r.status === 'failed')) break;
      await new Promise((r) => setTimeout(r, 20));
    }
    for (const [i, id] of ids.entries()) {
      // Each job had one owner from its claim to its end (nobody took it over).
      expect(owners.get(id)!.size).toBeLessThanOrEqual(1);
      const res = await authed(b!.url, users[i]!.token)(`/api/convos/import/jobs/${id}`);
      const job = (await res.json()) as ImportJob;
      expect(job).toMatchObject({ status: 'completed', imported: count, skipped: 0 });
      const [{ n }] = (
        await database.db.execute(
          sql`SELECT count(*)::int AS n FROM conversations WHERE user_id = ${users[i]!.user.id}`,
        )
      ).rows as [{ n: number }];
      expect(n).toBe(count);
    }
    // Both instances ran imports.
    expect(new Set([...owners.values()].flatMap((s) => [...s])).size).toBe(2);
  });
});
