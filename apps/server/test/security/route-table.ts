import type { App } from '../../src/app.js';
import type { RouteEntry } from '../../src/platform/route-table.js';

/** `METHOD /pattern`, the key of a route in ROUTE_RULES. */
export const routeKey = (r: Pick<RouteEntry, 'method' | 'url'>): string => `${r.method} ${r.url}`;

const isApi = (r: RouteEntry) => r.url.startsWith('/api/');

/**
 * The routes the security suites cover: every `/api/` route, once per method. Left out, by design:
 * - HEAD twins Fastify adds for each GET (same handler and hooks; the matrix still sends HEAD
 *   without a token to each of them, see `headTwins`);
 * - OPTIONS (no route registers one; CORS is not enabled);
 * - routes outside `/api/`: the built web client's files and the SPA fallback `GET /*`. The auth
 *   guard does not apply to them, so they must serve nothing but the public client; `outsideApi`
 *   lets the matrix assert they are all GET/HEAD.
 */
export function testedRoutes(app: App): RouteEntry[] {
  const gets = new Set(app.routeTable.filter((r) => r.method === 'GET').map((r) => r.url));
  const seen = new Set<string>();
  const out: RouteEntry[] = [];
  for (const r of app.routeTable) {
    if (!isApi(r) || r.method === 'OPTIONS') continue;
    if (r.method === 'HEAD' && gets.has(r.url)) continue;
    if (seen.has(routeKey(r))) continue;
    seen.add(routeKey(r));
    out.push(r);
  }
  return out;
}

/** The HEAD routes Fastify added beside a GET. */
export function headTwins(app: App): RouteEntry[] {
  const gets = new Set(app.routeTable.filter((r) => r.method === 'GET').map((r) => r.url));
  return app.routeTable.filter((r) => isApi(r) && r.method === 'HEAD' && gets.has(r.url));
}

export function outsideApi(app: App): RouteEntry[] {
  return app.routeTable.filter((r) => !isApi(r));
}

/** Names of the `:params` in a route pattern. */
export function paramNames(pattern: string): string[] {
  return [...pattern.matchAll(/:([A-Za-z0-9_]+)/g)].map((m) => m[1]!);
}

/** The pattern with each `:param` replaced (raw: the value is inserted as given, not encoded). */
export function fillPath(
  pattern: string,
  params: Record<string, string>,
  opts: { raw?: boolean } = {},
): string {
  return pattern.replace(/:([A-Za-z0-9_]+)/g, (_m, name: string) => {
    const value = params[name];
    if (value === undefined) throw new Error(`no value for :${name} in ${pattern}`);
    return opts.raw ? value : encodeURIComponent(value);
  });
}

/** Plausible values for path params, for requests that only need the route to match. */
export function defaultParams(pattern: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const name of paramNames(pattern)) {
    out[name] = name === 'endpoint' ? 'openAI' : '7b0c8a4e-1d2f-4a3b-9c5d-6e7f8a9b0c1d';
  }
  return out;
}
