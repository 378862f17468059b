import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { ZodError, type ZodType, type z } from 'zod';
import { isDatabaseUnavailable } from '../db/errors.js';
import { isRedisUnavailable } from './redis/errors.js';
import {
  AUTH_ERROR_TEXTS,
  ERROR_STATUS,
  UNAVAILABLE_RETRY_AFTER_SECONDS,
  UNAVAILABLE_TEXTS,
  VALIDATION_TEXTS,
  isValidationKey,
  type ApiErrorBody,
  type ApiIssue,
  type ErrorCode,
} from '@chat/contract';

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

/**
 * A schema's issues as the API sends them: a readable English message, and beside it the i18n key
 * when the schema's message is one (the client translates the key; other clients read English).
 */
function zodIssues(err: ZodError): ApiIssue[] {
  return err.issues.map((i) => {
    const path = i.path.map(String).join('.');
    return isValidationKey(i.message)
      ? { path, message: VALIDATION_TEXTS[i.message], key: i.message }
      : { path, message: i.message };
  });
}

/** A 400 validation_error whose message names the first invalid field and says what is wrong. */
function invalidInput(issues: ApiIssue[]): AppError {
  const first = issues[0];
  const message = first ? `Invalid input: ${first.path || 'body'}: ${first.message}` : 'Invalid input';
  return new AppError('validation_error', message, issues);
}

/** Validates input against a contract schema; a mismatch is a 400 with the issues, never a 500. */
export function parseInput<S extends ZodType>(schema: S, data: unknown): z.output<S> {
  // An empty body (accepted by the JSON parser for the routes that take none) where one is needed.
  if (data === undefined) {
    throw new AppError('validation_error', 'Invalid input: a JSON body is required', [
      { path: '', message: 'A JSON body is required' },
    ]);
  }
  const result = schema.safeParse(data);
  if (!result.success) throw invalidInput(zodIssues(result.error));
  return result.data;
}

export function toErrorBody(err: AppError): ApiErrorBody {
  return { message: err.message, code: err.code, ...(err.issues ? { issues: err.issues } : {}) };
}

/**
 * The essential security headers, for answers sent before helmet's hook runs (router errors) or
 * outside Fastify altogether (Node's own answers to a malformed or oversized request).
 */
export const ESSENTIAL_SECURITY_HEADERS = {
  'x-content-type-options': 'nosniff',
  'content-security-policy': "default-src 'none'; frame-ancestors 'none'",
  'referrer-policy': 'strict-origin-when-cross-origin',
  // An error answer is never kept by a cache either (the API's rule, platform/cache-policy.ts).
  'cache-control': 'no-store',
} as const;

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
    .headers(ESSENTIAL_SECURITY_HEADERS)
    .send(toErrorBody(new AppError('validation_error', message)));
}

/**
 * A 503 service_unavailable answer, with `Retry-After` (and `Connection: close` when asked: a
 * draining server sends keep-alive clients to the next instance).
 */
export function sendUnavailable(reply: FastifyReply, message: string, close = false): FastifyReply {
  const error = new AppError('service_unavailable', message);
  reply.status(error.status).header('retry-after', String(UNAVAILABLE_RETRY_AFTER_SECONDS));
  if (close) reply.header('connection', 'close');
  return reply.send(toErrorBody(error));
}

/**
 * One error handler: AppErrors as they are, the database not answering as 503 service_unavailable
 * (with Retry-After: the request may simply be tried again), framework 4xx as validation errors,
 * the rest as 500.
 */
export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError | AppError | Error, request, reply) => {
    if (error instanceof AppError) {
      if (error.code === 'service_unavailable') return sendUnavailable(reply, error.message);
      return reply.status(error.status).send(toErrorBody(error));
    }
    if (isDatabaseUnavailable(error)) {
      request.log.warn({ err: error }, 'the database does not answer');
      return sendUnavailable(reply, UNAVAILABLE_TEXTS.database);
    }
    if (isRedisUnavailable(error)) {
      request.log.warn({ err: error }, 'redis does not answer');
      return sendUnavailable(reply, UNAVAILABLE_TEXTS.database);
    }
    if (error instanceof ZodError) {
      return reply.status(400).send(toErrorBody(invalidInput(zodIssues(error))));
    }
    const status = (error as FastifyError).statusCode;
    if (status === 415) {
      const type = request.headers['content-type'];
      const what = type
        ? `Content type ${JSON.stringify(type.slice(0, 100))} is`
        : 'A body without a content type is';
      return reply
        .status(415)
        .send(
          toErrorBody(new AppError('unsupported_media_type', `${what} not supported: send application/json`)),
        );
    }
    if (status === 408) {
      return reply
        .status(408)
        .send(toErrorBody(new AppError('request_timeout', 'The request took too long to arrive')));
    }
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
    return reply.status(500).send(toErrorBody(new AppError('internal', AUTH_ERROR_TEXTS.internal)));
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
