import type { ErrorCode } from '@chat/contract';
import type { FastifyRequest } from 'fastify';
import type { FeatureModule } from '../../platform/module.js';
import { AppError } from '../../platform/errors.js';
import { secretsOf } from './redact.js';
import { createErrorLogRepo } from './repo.js';
import { errorLogRoutes } from './routes.js';
import { createErrorLog, type ErrorLog } from './service.js';

declare module '../../platform/module.js' {
  interface Services {
    /** The operator's error log (features/error-log): record a failure that reached a user. */
    errorLog: ErrorLog;
  }
}

/** The code the error handler answered with, for a 5xx (AppErrors carry theirs; the rest is internal). */
function codeOf(err: unknown): ErrorCode {
  return err instanceof AppError ? err.code : 'internal';
}

/**
 * The error log: every provider error a reply ended with (the ask pipeline's
 * `ask.replyFailed`) and every 5xx the app's error handler answered (this module's `onError` and `onResponse` hooks)
 * is kept, redacted, for the operator (ADMIN_EMAIL), who finds them by code or id. Recording never
 * delays or breaks the answer (service.ts).
 */
export const errorLogModule: FeatureModule = {
  name: 'error-log',
  register({ app, db, config, clock, events, lifecycle, use, provide }) {
    const operator = use('operator');
    const repo = createErrorLogRepo(db);
    const errorLog = createErrorLog({ repo, secrets: () => secretsOf(config), log: app.log, clock });
    provide('errorLog', errorLog);
    lifecycle.addDrainable({ settled: () => errorLog.settled(), stop: () => undefined });
    app.addHook('onReady', () => {
      errorLog.prune().catch((err: unknown) => app.log.warn({ err }, 'error log: pruning failed'));
    });

    events.on('ask.replyFailed', (failure) => errorLog.replyFailed(failure));
    // The onError hook runs before the error handler decides the status; the answer's status is
    // known once it went out (onResponse), so a 5xx is recorded then, after the user has it.
    const failed = new WeakMap<FastifyRequest, unknown>();
    app.addHook('onError', (request, _reply, err, done) => {
      failed.set(request, err);
      done();
    });
    app.addHook('onResponse', (request, reply, done) => {
      if (reply.statusCode >= 500 && failed.has(request)) {
        const err = failed.get(request);
        const path = request.routeOptions.url ?? request.url.split('?')[0] ?? '';
        errorLog.serverFailed({
          route: `${request.method} ${path}`,
          userId: request.auth?.id,
          code: codeOf(err),
          error: err,
        });
      }
      done();
    });

    errorLogRoutes(app, { repo, operator });
  },
};
