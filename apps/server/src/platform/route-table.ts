import type { FastifyInstance } from 'fastify';

/** One registered route as the security suites see it. */
export interface RouteEntry {
  method: string;
  /** The route's pattern, e.g. `/api/convos/:id`. */
  url: string;
  /** Opted out of the auth guard with `config: { public: true }`. */
  public: boolean;
}

/**
 * Records every route registered on `app` from now on (call it before any route is added). The
 * authorization matrix and the fuzz suite read this list, so a new route joins them by existing.
 */
export function collectRoutes(app: FastifyInstance): readonly RouteEntry[] {
  const routes: RouteEntry[] = [];
  app.addHook('onRoute', (route) => {
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    for (const method of methods) {
      routes.push({ method: String(method), url: route.url, public: route.config?.public === true });
    }
  });
  return routes;
}
