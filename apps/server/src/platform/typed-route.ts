import type { FastifyContextConfig, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { RouteBody, RouteDef, RouteParams, RouteQuery, RouteReply } from '@chat/contract';
import { requireUser } from './auth-guard.js';
import { parseInput } from './errors.js';
import type { AccessClaims } from './tokens.js';

/** What a handler of a table route gets: its input validated by the row's schemas. */
export interface RouteInput<R extends RouteDef> {
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
export type RouteResult<R extends RouteDef> = R['stream'] extends true ? void : RouteReply<R> | FastifyReply;

export type RouteHandler<R extends RouteDef> = (input: RouteInput<R>) => Promise<RouteResult<R>>;

/**
 * Registers the handler of one row of the contract's route table: its method and path, the auth
 * guard's `public` flag, and its params, query and body validated (in that order) by the row's
 * schemas, a mismatch being the API's usual 400 `{ message, code, issues }`. `config` adds
 * per-route options (rate limits) beside the row's.
 */
export function addRoute<R extends RouteDef>(
  app: FastifyInstance,
  def: R,
  handler: RouteHandler<R>,
  config: Omit<FastifyContextConfig, 'public'> = {},
): void {
  app.route({
    method: def.method,
    url: def.path,
    config: { ...config, public: def.public === true, multipart: def.multipart !== undefined },
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
