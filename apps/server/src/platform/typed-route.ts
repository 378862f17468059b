import type { FastifyContextConfig, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { RouteBody, RouteDef, RouteParams, RouteQuery, RouteReply } from '@chat/contract';
import { requireUser } from './auth-guard.js';
import { parseInput } from './errors.js';
import type { AccessClaims } from './session-tokens.js';

/** What a handler of a table route gets: its input validated by the row's schemas. */
interface RouteInput<R extends RouteDef> {
  params: RouteParams<R>;
  query: RouteQuery<R>;
  body: RouteBody<R>;
  /** The signed-in user; null only on a public route called without a token. */
  user: R['public'] extends true ? AccessClaims | null : AccessClaims;
  request: FastifyRequest;
  reply: FastifyReply;
}

/**
 * A JSON route answers its row's reply (or sends a prepared reply itself: a body the database
 * wrote, an error with a cookie cleared); a stream route opens the event stream and returns nothing.
 */
type RouteResult<R extends RouteDef> = R['stream'] extends true ? void : RouteReply<R> | FastifyReply;

export type RouteHandler<R extends RouteDef> = (input: RouteInput<R>) => Promise<RouteResult<R>>;

/**
 * Who may call a route beyond being signed in (the operator, a blog role, an impersonation
 * session): throws the refusal (AppError 403) for anyone else.
 */
type Authorize = (user: AccessClaims) => Promise<void>;

/** Per-route options beside the row's: Fastify's route config (rate limits) and `authorize`. */
export type RouteOptions = Omit<FastifyContextConfig, 'public'> & {
  /**
   * Run as the route's own onRequest hook, right after the auth guard and before the body is
   * read: a caller without the role gets 401/403 whatever the input, never a 400 that tells them
   * what the route expects (nor a body parsed for someone who may not call it).
   */
  authorize?: Authorize;
};

/**
 * Registers the handler of one row of the contract's route table: its method and path, the auth
 * guard's `public` flag, and its params, query and body validated (in that order) by the row's
 * schemas, a mismatch being the API's usual 400 `{ message, code, issues }`. `options` adds
 * per-route config (rate limits) beside the row's, and who may call it (`authorize`), which is
 * checked before any of the input.
 */
export function addRoute<R extends RouteDef>(
  app: FastifyInstance,
  def: R,
  handler: RouteHandler<R>,
  options: RouteOptions = {},
): void {
  const { authorize, ...config } = options;
  app.route({
    method: def.method,
    url: def.path,
    config: { ...config, public: def.public === true, multipart: def.multipart !== undefined },
    ...(authorize
      ? {
          onRequest: async (request: FastifyRequest) => {
            await authorize(requireUser(request));
          },
        }
      : {}),
    handler: async (request, reply) => {
      const user = def.public === true ? request.auth : requireUser(request);
      const params = def.params ? parseInput(def.params, request.params) : undefined;
      const query = def.query ? parseInput(def.query, request.query) : undefined;
      const body = def.body ? parseInput(def.body, request.body) : undefined;
      const input = { params, query, body, user, request, reply } as RouteInput<R>;
      return handler(input);
    },
  });
}
