import { STATUS_CODES } from 'node:http';
import type { Socket } from 'node:net';
import type { ConnectionError, FastifyInstance, FastifyRequest } from 'fastify';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The route reads a multipart/form-data body itself, as it streams in (an upload). */
    multipart?: boolean;
    /** The route also needs the JSON body's exact text (a signed webhook): see rawBodyOf. */
    rawBody?: boolean;
    /**
     * The route takes an HTML form's POST (application/x-www-form-urlencoded): an identity
     * provider's answer, which a browser posts across sites. Any other route refuses that type.
     */
    formPost?: boolean;
  }
}
import { IMAGE_LIMITS, OAUTH_FORM_POST_MAX_BYTES, VALIDATION_TEXTS } from '@chat/contract';
import { drained } from './request-drain.js';
import { AppError, ESSENTIAL_SECURITY_HEADERS, toErrorBody } from './errors.js';
import { findUnstorable, toStorable, type JsonPath } from './storable.js';

/**
 * How request input enters the app, for every route at once: the one body parser (JSON only),
 * the check that no string in a body, query or path can break the database, and Node's own
 * answers to requests that never reach Fastify.
 */
export function registerRequestInput(app: FastifyInstance): void {
  // The API takes JSON bodies only; any other type (text/plain being a "simple" cross-site
  // request) is a 415 from Fastify, answered by the error handler.
  app.removeContentTypeParser(['application/json', 'text/plain']);
  app.addContentTypeParser('application/json', { parseAs: 'string' }, parseJsonBody);
  acceptMultipart(app);
  acceptFormPost(app);
  app.addHook('preValidation', async (request) => refuseUnstorable(request));
}

/**
 * multipart/form-data reaches only the routes whose contract row says `multipart` (uploads),
 * unread: they stream it. Anywhere else it is the API's usual 415 (JSON bodies only).
 */
function acceptMultipart(app: FastifyInstance): void {
  app.addContentTypeParser('multipart/form-data', (request, payload, done) => {
    if (request.routeOptions.config?.multipart === true) {
      done(null, undefined);
      return;
    }
    const type = String(request.headers['content-type']).slice(0, 100);
    const refusal = new AppError(
      'unsupported_media_type',
      `Content type ${JSON.stringify(type)} is not supported: send application/json`,
    );
    // The upload is read and dropped before the answer (see drained).
    payload.resume();
    void drained(request.raw, IMAGE_LIMITS.refusalDrainMs).then(() => done(refusal));
  });
}

/**
 * application/x-www-form-urlencoded reaches only the routes whose config says `formPost`, parsed
 * into its fields (the last of a repeated name); anywhere else it is the API's usual 415.
 */
function acceptFormPost(app: FastifyInstance): void {
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string', bodyLimit: OAUTH_FORM_POST_MAX_BYTES },
    (request, body, done) => {
      if (request.routeOptions.config?.formPost !== true) {
        done(
          new AppError(
            'unsupported_media_type',
            'Content type "application/x-www-form-urlencoded" is not supported: send application/json',
          ),
        );
        return;
      }
      done(null, Object.fromEntries(new URLSearchParams(String(body))));
    },
  );
}

const rawBodies = new WeakMap<FastifyRequest, string>();

/**
 * The JSON body's text exactly as received (UTF-8), kept only for routes whose config says
 * `rawBody` (a webhook whose signature is over the bytes); the body is parsed and checked as usual.
 */
export function rawBodyOf(request: FastifyRequest): string | undefined {
  return rawBodies.get(request);
}

/** The `charset` parameter of a content type, lower-cased; undefined without one. */
function charsetOf(contentType: string | undefined): string | undefined {
  const match = /;\s*charset\s*=\s*"?([^";\s]*)/i.exec(contentType ?? '');
  return match?.[1]?.toLowerCase();
}

/**
 * JSON.parse with what Fastify's parser added, and clearer answers: an empty body is no body
 * (many clients send `Content-Type: application/json` on every POST; routes that need a body
 * say so), a byte-order mark is skipped, JSON must be UTF-8 (RFC 8259), and a body with a
 * prototype key is refused by name rather than as "not valid JSON".
 */
function parseJsonBody(
  request: FastifyRequest,
  body: string | Buffer,
  done: (err: Error | null, value?: unknown) => void,
): void {
  const charset = charsetOf(request.headers['content-type']);
  if (charset !== undefined && charset !== 'utf-8' && charset !== 'utf8') {
    done(
      new AppError(
        'unsupported_media_type',
        `JSON bodies must be UTF-8; charset=${JSON.stringify(charset.slice(0, 40))} is not supported`,
      ),
    );
    return;
  }
  if (request.routeOptions.config?.rawBody === true) rawBodies.set(request, String(body));
  const text = String(body).replace(/^\uFEFF/, '');
  if (text.trim() === '') {
    done(null, undefined);
    return;
  }
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    done(new AppError('validation_error', 'The body is not valid JSON'));
    return;
  }
  const forbidden =
    text.includes('__proto__') || text.includes('constructor') ? prototypeKey(value) : undefined;
  if (forbidden) {
    done(
      new AppError(
        'validation_error',
        `The body contains the key "${forbidden}", which is not allowed (it could alter object prototypes)`,
      ),
    );
    return;
  }
  done(null, value);
}

/**
 * `__proto__` anywhere, or `constructor` holding a `prototype`: the keys that pollute prototypes
 * when a parsed body is merged into an object (the same rule as Fastify's secure-json-parse).
 * Iterative: bodies may nest 100,000 levels deep.
 */
function prototypeKey(root: unknown): string | undefined {
  const stack: unknown[] = [root];
  while (stack.length > 0) {
    const value = stack.pop();
    if (value === null || typeof value !== 'object') continue;
    if (Object.hasOwn(value, '__proto__')) return '__proto__';
    const ctor = (value as Record<string, unknown>).constructor;
    if (
      Object.hasOwn(value, 'constructor') &&
      ctor !== null &&
      typeof ctor === 'object' &&
      Object.hasOwn(ctor, 'prototype')
    ) {
      return 'constructor';
    }
    for (const child of Object.values(value)) stack.push(child);
  }
  return undefined;
}

/** The field's path as the API shows it: readable and storable, short enough for a message. */
function fieldName(where: 'body' | 'query' | 'params', path: JsonPath): string {
  const inner = path.join('.');
  const name = where === 'body' ? inner || 'body' : `${where}${inner ? `.${inner}` : ''}`;
  return toStorable(name.length > 200 ? `${name.slice(0, 200)}…` : name);
}

/**
 * Refuses a request any of whose strings (values or keys, in the body, the query or the path)
 * the database cannot store: a NUL or an unpaired surrogate. Headers need no check: HTTP
 * refuses NUL in them and they are read as Latin-1 (no surrogates); the ones the app reads
 * (Last-Event-ID, the refresh cookie) are parsed strictly or hashed, never stored.
 */
function refuseUnstorable(request: FastifyRequest): void {
  const parts = [
    ['body', request.body],
    ['query', request.query],
    ['params', request.params],
  ] as const;
  for (const [where, value] of parts) {
    const at = findUnstorable(value);
    if (!at) continue;
    const path = fieldName(where, at);
    const message = VALIDATION_TEXTS.com_error_invalid_characters;
    throw new AppError('validation_error', `Invalid input: ${path}: ${message}`, [
      { path, message, key: 'com_error_invalid_characters' },
    ]);
  }
}

/**
 * Node's HTTP parser answers some requests before Fastify sees them: headers over the size
 * limit (431), a request that took too long to arrive (408), bytes that are not HTTP (400).
 * Passed to Fastify as `clientErrorHandler`, so those answers have the API's `{ message, code }`
 * shape and the security headers too.
 */
export function clientErrorHandler(err: ConnectionError, socket: Socket): void {
  if ((err as NodeJS.ErrnoException).code === 'ECONNRESET' || socket.destroyed) return;
  const code = (err as NodeJS.ErrnoException).code;
  const error =
    code === 'HPE_HEADER_OVERFLOW'
      ? new AppError('headers_too_large', 'The request headers (or its URL) are too large')
      : code === 'ERR_HTTP_REQUEST_TIMEOUT'
        ? new AppError('request_timeout', 'The request took too long to arrive')
        : new AppError('validation_error', 'The request is not valid HTTP');
  const body = JSON.stringify(toErrorBody(error));
  const headers = {
    'content-type': 'application/json; charset=utf-8',
    'content-length': String(Buffer.byteLength(body)),
    connection: 'close',
    ...ESSENTIAL_SECURITY_HEADERS,
  };
  if (socket.writable) {
    const lines = Object.entries(headers).map(([k, v]) => `${k}: ${v}\r\n`);
    socket.write(`HTTP/1.1 ${error.status} ${STATUS_CODES[error.status]}\r\n${lines.join('')}\r\n${body}`);
  }
  socket.destroy(err);
}
