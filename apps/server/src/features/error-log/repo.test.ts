import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase, type TestDatabase } from '../../../test/support/database.js';
import { createErrorLogRepo, type ErrorLogRepo } from './repo.js';

let database: TestDatabase;
let repo: ErrorLogRepo;
beforeAll(async () => {
  database = await openTestDatabase();
  repo = createErrorLogRepo(database.db);
});
afterAll(() => database.close());

const DAY = 24 * 60 * 60_000;
const now = new Date('2026-06-01T12:00:00Z');

describe('error log retention', () => {
  it('drops records older than maxAgeDays, then all but the newest maxRows', async () => {
    for (let i = 0; i < 6; i++) {
      await repo.insert(
        { errorCode: 'upstream_error', errorMessage: `m${i}`, errorType: 'provider' },
        new Date(now.getTime() - i * 60_000),
      );
    }
    await repo.insert(
      { errorCode: 'internal', errorMessage: 'old', errorType: 'Error' },
      new Date(now.getTime() - 31 * DAY),
    );
    expect(await repo.size()).toBe(7);

    await repo.prune({ maxRows: 4, maxAgeDays: 30 }, now);
    const kept = await repo.page(undefined, 20, 0);
    expect(kept.total).toBe(4);
    expect(kept.errors.map((e) => e.errorMessage)).toEqual(['m0', 'm1', 'm2', 'm3']);
    expect((await repo.page('internal', 20, 0)).total).toBe(0);
  });
});
