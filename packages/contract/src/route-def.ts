import type { z } from 'zod';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/**
 * One row of the route table: everything both sides need to know about a route. The server
 * registers its handler from the row (path, method, the auth guard's `public` flag, the input
 * schemas it validates), the client builds its typed caller from it, the security suites and the
 * OpenAPI document read it. `response` is the JSON reply; for `stream` routes it is the schema of
 * one event of the `text/event-stream` reply.
 */
export interface RouteDef {
  method: HttpMethod;
  path: `/api/${string}`;
  summary: string;
  /** Reachable without a bearer token; every other /api route requires one. */
  public?: boolean;
  params?: z.ZodType;
  query?: z.ZodType;
  body?: z.ZodType;
  response: z.ZodType;
  stream?: boolean;
  /**
   * The body is multipart/form-data (an upload), read by the handler as it streams in: the name
   * of its file part and the schema of its text parts.
   */
  multipart?: { file: string; fields: z.ZodType };
  /** The reply is bytes (a file), not JSON. */
  binary?: boolean;
  /**
   * Served, but left out of the OpenAPI document: the same operation as another row, kept at a
   * path earlier clients call that OpenAPI cannot hold beside a sibling differing only by a
   * parameter's name (GET /api/blog/{slug} beside PUT /api/blog/{id}).
   */
  undocumented?: true;
}

/** A row, typed as written (its schemas keep their own types). */
export const route = <const R extends RouteDef>(r: R): R => r;

/** `METHOD /pattern`, the key of a route in the security suites. */
export const routeKeyOf = (r: Pick<RouteDef, 'method' | 'path'>): string => `${r.method} ${r.path}`;

/** The path with each `:param` replaced by its encoded value. */
export function fillRoutePath(pattern: string, params: Record<string, string> | undefined): string {
  return pattern.replace(/:([A-Za-z0-9_]+)/g, (_m, name: string) => {
    const value = params?.[name];
    if (value === undefined) throw new Error(`no value for :${name} in ${pattern}`);
    return encodeURIComponent(value);
  });
}

declare const rowOf: unique symbol;

/**
 * A route as the browser calls it: its method and path, typed by its whole row (what the call
 * sends and gets back) without holding the row's schemas, so zod stays off the first paint.
 */
export interface RoutePath<R extends RouteDef = RouteDef> {
  readonly method: R['method'];
  readonly path: R['path'];
  readonly [rowOf]?: R;
}
