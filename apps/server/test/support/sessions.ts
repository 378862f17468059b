import { and, eq, isNotNull, sql } from 'drizzle-orm';
import { sessions } from '../../src/db/schema.js';
import type { Harness } from './harness.js';

/**
 * Moves a user's refresh-token rotations (and revocations) an hour into the past, so presenting a
 * rotated token now is reuse rather than a retry inside the grace window.
 */
export async function backdateRotations(h: Harness, userId: string): Promise<void> {
  await h.database.db
    .update(sessions)
    .set({ revokedAt: sql`${sessions.revokedAt} - interval '1 hour'` })
    .where(and(eq(sessions.userId, userId), isNotNull(sessions.revokedAt)));
}
