import type { FastifyBaseLogger } from 'fastify';
import { ERROR_LOG_LIMITS, ERROR_LOG_PROVIDER_TYPE, ERROR_LOG_RETENTION } from '@chat/contract';
import { createErrorSerializer, type SerializedError } from '../../platform/log-errors.js';
import type { ReplyFailure } from '../ask/index.js';
import { redact } from './redact.js';
import type { ErrorLogEntry, ErrorLogRepo, Retention } from './repo.js';

/** Writes in flight at most: past it, records are dropped (an error storm never piles up memory). */
const MAX_PENDING = 100;

export interface ErrorLogOptions {
  repo: Pick<ErrorLogRepo, 'insert' | 'prune'>;
  /** The configured secrets, cut out literally (read per record). */
  secrets: () => readonly string[];
  log: Pick<FastifyBaseLogger, 'warn'>;
  clock: () => number;
  retention?: Retention & { pruneEvery: number };
}

/** A server error answered 5xx: where, whose request, and the error itself. */
export interface ServerFailure {
  route: string;
  userId: string | undefined;
  code: string;
  error: unknown;
}

const cut = (text: string | null | undefined, max: number): string | null => {
  if (text === null || text === undefined) return null;
  return text.length > max ? `${text.slice(0, max - 1)}…` : text;
};

/**
 * The error log's writer. `record` never throws, never waits for the database and never slows the
 * answer it logs: the write runs on its own, and a failing one is only a warning in the app's log.
 * Every text is redacted before it is kept (redact.ts), then cut to the contract's lengths.
 */
export function createErrorLog(opts: ErrorLogOptions) {
  const retention = opts.retention ?? ERROR_LOG_RETENTION;
  const serialize = createErrorSerializer(opts.secrets);
  let pending = 0;
  let written = 0;
  const idle: (() => void)[] = [];

  const clean = (text: string | null | undefined, max: number) =>
    cut(text === null || text === undefined ? text : redact(text, opts.secrets()), max);

  function prune(): Promise<void> {
    return opts.repo.prune(retention, new Date(opts.clock()));
  }

  function record(entry: ErrorLogEntry): void {
    if (pending >= MAX_PENDING) {
      opts.log.warn({ code: entry.errorCode }, 'error log: too many writes pending, record dropped');
      return;
    }
    pending++;
    const row: ErrorLogEntry = {
      ...entry,
      errorCode: cut(entry.errorCode, ERROR_LOG_LIMITS.fieldMax) ?? '',
      errorType: cut(entry.errorType, ERROR_LOG_LIMITS.fieldMax) ?? '',
      errorMessage: clean(entry.errorMessage, ERROR_LOG_LIMITS.messageMax) ?? '',
      errorStack: clean(entry.errorStack, ERROR_LOG_LIMITS.stackMax),
      text: clean(entry.text, ERROR_LOG_LIMITS.textMax),
      model: cut(entry.model, ERROR_LOG_LIMITS.fieldMax),
      endpoint: cut(entry.endpoint, ERROR_LOG_LIMITS.fieldMax),
      route: clean(entry.route, ERROR_LOG_LIMITS.fieldMax),
    };
    void Promise.resolve()
      .then(() => opts.repo.insert(row, new Date(opts.clock())))
      .then(() => (++written % retention.pruneEvery === 0 ? prune() : undefined))
      .catch((err: unknown) => opts.log.warn({ err }, 'error log: a record could not be written'))
      .finally(() => {
        pending--;
        if (pending === 0) for (const done of idle.splice(0)) done();
      });
  }

  return {
    record,
    prune,

    /** A reply's error event (the ask pipeline's `ask.replyFailed`). */
    replyFailed(f: ReplyFailure): void {
      const server = f.source === 'server' && f.error !== undefined;
      const serialized = server ? (serialize(f.error) as SerializedError) : undefined;
      record({
        errorCode: f.code,
        errorMessage: f.message,
        errorType: serialized?.type ?? ERROR_LOG_PROVIDER_TYPE,
        errorStack: serialized?.stack ?? null,
        userId: f.userId,
        model: f.model,
        endpoint: f.endpoint,
        conversationId: f.conversationId,
        messageId: f.messageId,
        text: f.text,
      });
    },

    /** A 5xx the app's error handler answered: its route, never the request's body or headers. */
    serverFailed(f: ServerFailure): void {
      const serialized = serialize(f.error) as SerializedError;
      record({
        errorCode: f.code,
        errorMessage: serialized.message || 'Unknown error',
        errorType: serialized.type,
        errorStack: serialized.stack ?? null,
        userId: f.userId ?? null,
        route: f.route,
      });
    },

    /** Resolves once no write is pending (tests, shutdown). */
    settled(): Promise<void> {
      return pending === 0 ? Promise.resolve() : new Promise((done) => idle.push(done));
    },
  };
}
export type ErrorLog = ReturnType<typeof createErrorLog>;
