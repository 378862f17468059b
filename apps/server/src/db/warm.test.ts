import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openPglite, type Database } from './client.js';
import { warmReplyPath } from './warm.js';

let database: Database;
beforeAll(async () => {
  database = await openPglite(null);
});
afterAll(() => database.close());

describe('warming the reply path at start', () => {
  it("runs a turn's statements on the embedded store, and keeps nothing of them", async () => {
    const counts = async () =>
      (
        await database.db.execute<{ users: number; convos: number; messages: number }>(
          sql`SELECT (SELECT count(*)::int FROM users) AS users,
            (SELECT count(*)::int FROM conversations) AS convos,
            (SELECT count(*)::int FROM messages) AS messages`,
        )
      ).rows[0];
    const before = await counts();
    await expect(warmReplyPath(database)).resolves.toBeUndefined();
    await expect(warmReplyPath(database)).resolves.toBeUndefined();
    expect(await counts()).toEqual(before);
  });
});
