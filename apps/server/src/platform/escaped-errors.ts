import { isDatabaseError } from '../db/errors.js';
import { isRedisUnavailable } from './redis/errors.js';

interface Log {
  error(obj: object, msg: string): void;
  fatal(obj: object, msg: string): void;
}

/**
 * The process's `unhandledRejection` / `uncaughtException` listener. A database error, or Redis
 * not answering, that escaped its handler (a promise nobody awaited) must not end the process: every stream it
 * carries would be cut, and it would stay down after the database came back. It is logged and
 * the process goes on. Any other escaped error is a bug whose damage is unknown: logged as fatal,
 * and the process ends as Node's default would.
 */
export function escapedErrorListener(kind: string, log: Log, exit: (code: number) => void) {
  return (err: unknown): void => {
    if (isDatabaseError(err)) {
      log.error({ err }, `${kind}: a database error nobody handled; serving on`);
      return;
    }
    if (isRedisUnavailable(err)) {
      log.error({ err }, `${kind}: redis did not answer and nobody handled it; serving on`);
      return;
    }
    log.fatal({ err }, `${kind}: exiting`);
    exit(1);
  };
}
