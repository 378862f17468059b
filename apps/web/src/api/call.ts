import {
  fillRoutePath,
  type RouteBodyIn,
  type RouteDef,
  type RouteParamsIn,
  type RoutePath,
  type RouteQueryIn,
  type RouteReply,
} from '@chat/contract';
import { apiJson, type ApiInit } from './http';

type Field<K extends string, V> = [V] extends [undefined] ? { [P in K]?: never } : { [P in K]: V };

/** What a call of a route sends: exactly the params, query and body its row in the table names. */
export type CallInput<R extends RouteDef> = Field<'params', RouteParamsIn<R>> &
  Field<'query', RouteQueryIn<R>> &
  Field<'body', RouteBodyIn<R>> & { signal?: AbortSignal | undefined };

/** The method, URL and body of a call, from the route's row (shared with the stream's fetch). */
export function requestOf<R extends RouteDef>(
  route: RoutePath<R>,
  input: CallInput<R>,
): { url: string; init: ApiInit } {
  const { params, query, body, signal } = input as {
    params?: Record<string, string>;
    query?: Record<string, string | number | readonly string[] | undefined>;
    body?: unknown;
    signal?: AbortSignal;
  };
  // encodeURIComponent, not URLSearchParams: a space is %20, as the URLs were before the table.
  // A list repeats its name (`tags=a&tags=b`), as the server's query parser reads it.
  const qs = Object.entries(query ?? {})
    .flatMap(([k, v]) =>
      v === undefined
        ? []
        : (typeof v === 'object' ? v : [v]).map(
            (one) => `${encodeURIComponent(k)}=${encodeURIComponent(String(one))}`,
          ),
    )
    .join('&');
  return {
    url: `${fillRoutePath(route.path, params)}${qs ? `?${qs}` : ''}`,
    init: {
      method: route.method,
      ...(body !== undefined ? { json: body } : {}),
      ...(signal ? { signal } : {}),
    },
  };
}

/**
 * Calls a JSON route of the contract's table (API_ROUTE_PATHS: its rows without their schemas) through apiFetch (token, one shared refresh, retry):
 * the path, method and input come from the row, the answer is typed by its reply schema (the
 * server's replies are checked against those schemas in its tests). A non-2xx answer throws ApiError.
 */
export function callApi<R extends RouteDef>(
  route: RoutePath<R>,
  input: CallInput<R>,
): Promise<RouteReply<R>> {
  const { url, init } = requestOf(route, input);
  return apiJson<RouteReply<R>>(url, init);
}
