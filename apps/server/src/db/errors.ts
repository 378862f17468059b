import { DrizzleQueryError, TransactionRollbackError } from 'drizzle-orm/errors';

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

/** Node's socket errors of a connection that could not be made or was lost. */
const CONNECTION_ERRNOS = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ECONNABORTED',
  'EPIPE',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
]);

/**
 * SQLSTATEs of a server that cannot serve now: 57P01 admin_shutdown, 57P02 crash_shutdown, 57P03
 * cannot_connect_now (starting or stopping), 53300 too_many_connections; class 08 is every
 * connection exception.
 */
const UNAVAILABLE_STATES = new Set(['57P01', '57P02', '57P03', '53300']);

/** What pg and PGlite say (in an Error's message) when the connection or the store is gone. */
const UNAVAILABLE_MESSAGES = [
  /^Connection terminated/i, // pg: the server closed the socket
  /timeout exceeded when trying to connect/i, // pg's pool: no connection within its timeout
  /^Client has encountered a connection error/i,
  /Cannot use a pool after calling end/i,
  /^Client was closed and is not queryable/i,
  /^PGlite is closed/i,
];

function causes(err: unknown): unknown[] {
  const seen: unknown[] = [];
  const walk = (e: unknown) => {
    if (!e || typeof e !== 'object' || seen.includes(e) || seen.length > 20) return;
    seen.push(e);
    // A refused connection to every address of a name is an AggregateError of each.
    if (e instanceof AggregateError) for (const inner of e.errors) walk(inner);
    walk((e as { cause?: unknown }).cause);
  };
  walk(err);
  return seen;
}

/**
 * The database does not answer: the connection could not be made or was lost, the server is
 * shutting down or starting, the pool gave up waiting, or the embedded store is closed. The one
 * place these are told apart from a statement's own failure: such an error answers 503
 * service_unavailable (the request may be tried again), and a reply's final save waits for the
 * database rather than giving up. Drizzle's wrapper and AggregateErrors are looked through.
 */
export function isDatabaseUnavailable(err: unknown): boolean {
  return causes(err).some((e) => {
    const { code, message, syscall } = e as { code?: unknown; message?: unknown; syscall?: unknown };
    if (typeof code === 'string') {
      if (CONNECTION_ERRNOS.has(code) || UNAVAILABLE_STATES.has(code)) return true;
      // A Unix socket whose server is gone (not any missing file).
      if (code === 'ENOENT' && syscall === 'connect') return true;
      if (/^08[0-9A-Z]{3}$/.test(code)) return true;
    }
    return typeof message === 'string' && UNAVAILABLE_MESSAGES.some((m) => m.test(message));
  });
}

/**
 * An error of the database (a failed statement, a lost connection), as opposed to the program's
 * own: a SQLSTATE code, a driver's or Drizzle's error. Such an error never ends the process.
 */
export function isDatabaseError(err: unknown): boolean {
  if (isDatabaseUnavailable(err)) return true;
  return causes(err).some((e) => {
    if (e instanceof DrizzleQueryError || e instanceof TransactionRollbackError) return true;
    // pg's and PGlite's DatabaseError: a SQLSTATE and a severity.
    const { code, severity } = e as { code?: unknown; severity?: unknown };
    return typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code) && typeof severity === 'string';
  });
}

/**
 * SQLSTATEs of a statement that may well succeed if simply run again: class 40 (a serialization
 * failure, a deadlock), 53 (insufficient resources: disk full, out of memory), 58 (an I/O error of
 * the server), 55P03 (a lock not available now) and 57014 (cancelled, as by a statement timeout).
 */
const TRANSIENT_STATE = /^(40|53|58)[0-9A-Z]{3}$|^55P03$|^57014$/;

/**
 * A database error worth waiting out: the database does not answer, or it refused a statement
 * for a reason of its own that passes (see TRANSIENT_STATE). A statement refused for what it
 * holds (a constraint, a bad value) is not: it would be refused the same way every time, so a
 * save that waits for the database gives up on it at once.
 */
export function isTransientDatabaseError(err: unknown): boolean {
  if (isDatabaseUnavailable(err)) return true;
  return causes(err).some((e) => {
    const { code } = e as { code?: unknown };
    return typeof code === 'string' && TRANSIENT_STATE.test(code);
  });
}
