/**
 * A unique index refused the write: PostgreSQL's unique_violation (23505), which PGlite reports
 * the same way. Drizzle may wrap the driver's error, so the cause chain is followed.
 */
export function isUniqueViolation(err: unknown): boolean {
  for (let e: unknown = err; e && typeof e === 'object'; e = (e as { cause?: unknown }).cause) {
    if ((e as { code?: unknown }).code === '23505') return true;
  }
  return false;
}
