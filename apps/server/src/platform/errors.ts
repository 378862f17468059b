import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { ZodError, type ZodType, type z } from 'zod';
import { ERROR_STATUS, type ApiErrorBody, type ErrorCode } from '@chat/contract';

/** An error the client is meant to see: a stable code, its HTTP status, a message. */
export class AppError extends Error {
  readonly status: number;
  constructor(
    readonly code: ErrorCode,
    message?: string,
    readonly issues?: ApiErrorBody['issues'],
  ) {
    super(message ?? code);
    this.status = ERROR_STATUS[code];
  }
}

export function zodIssues(err: ZodError): NonNullable<ApiErrorBody['issues']> {
  return err.issues.map((i) => ({ path: i.path.join('.'), message: i.message }));
}

/** Validates input against a contract schema; a mismatch is a 400 with the issues, never a 500. */
export function parseInput<S extends ZodType>(schema: S, data: unknown): z.output<S> {
  const result = schema.safeParse(data);
  if (!result.success) {
    const issues = zodIssues(result.error);
    const first = issues[0];
    const message = first ? `Invalid input: ${first.path || 'body'} ${first.message}` : 'Invalid input';
    throw new AppError('validation_error', message, issues);
  }
  return result.data;
}

export function toErrorBody(err: AppError): ApiErrorBody {
  return { message: err.message, code: err.code, ...(err.issues ? { issues: err.issues } : {}) };
}

/**
 * Errors Fastify's router raises before any hook or handler runs (a path that is not valid
 * percent-encoding, a path parameter over `maxParamLength`): answered in the same `{ message, code }`
 * shape as every other error. Passed to Fastify as `frameworkErrors`.
 */
export function frameworkErrorHandler(
  error: FastifyError,
  _request: FastifyRequest,
  reply: FastifyReply,
): void {
  const message =
    error.code === 'FST_ERR_MAX_PARAM_LENGTH'
      ? 'A path parameter is too long'
      : 'The request path is not valid';
  // Sent before the hooks (helmet included) run, so the essential headers are set here.
  void reply
    .status(400)
    .headers({
      'x-content-type-options': 'nosniff',
      'content-security-policy': "default-src 'none'; frame-ancestors 'none'",
      'referrer-policy': 'strict-origin-when-cross-origin',
    })
    .send(toErrorBody(new AppError('validation_error', message)));
}

/** One error handler: AppErrors as they are, framework 4xx as validation errors, the rest as 500. */
export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError | AppError | Error, request, reply) => {
    if (error instanceof AppError) {
      return reply.status(error.status).send(toErrorBody(error));
    }
    if (error instanceof ZodError) {
      return reply
        .status(400)
        .send(toErrorBody(new AppError('validation_error', 'Invalid input', zodIssues(error))));
    }
    const status = (error as FastifyError).statusCode;
    if (status === 413) {
      return reply
        .status(413)
        .send(toErrorBody(new AppError('payload_too_large', 'Request body is too large')));
    }
    if (status === 429) {
      return reply.status(429).send(toErrorBody(new AppError('too_many_requests', error.message)));
    }
    if (status && status >= 400 && status < 500) {
      return reply
        .status(400)
        .send(toErrorBody(new AppError('validation_error', error.message || 'Bad request')));
    }
    request.log.error({ err: error }, 'unhandled error');
    return reply
      .status(500)
      .send(toErrorBody(new AppError('internal', 'There was an internal server error')));
  });
  app.setNotFoundHandler((request, reply) => {
    reply
      .status(404)
      .send(
        toErrorBody(
          new AppError('not_found', `Route ${request.method} ${request.url.split('?')[0]} not found`),
        ),
      );
  });
}
