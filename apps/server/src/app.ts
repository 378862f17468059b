import { existsSync } from 'node:fs';
import { join } from 'node:path';
import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import cookie from '@fastify/cookie';
import helmet from '@fastify/helmet';
import rateLimit from '@fastify/rate-limit';
import fastifyStatic from '@fastify/static';
import type { AppConfig } from './config/app-config.js';
import type { Db } from './db/client.js';
import { frameworkErrorHandler, registerErrorHandler } from './platform/errors.js';
import { registerAuthGuard } from './platform/auth-guard.js';
import { withRedaction } from './platform/logging.js';
import { clientErrorHandler, registerRequestInput } from './platform/request-input.js';
import { collectRoutes, type RouteEntry } from './platform/route-table.js';
import { createAuthRepo } from './features/auth/repo.js';
import { createAuthService } from './features/auth/service.js';
import { createLiveSessions } from './features/auth/live-sessions.js';
import { authRoutes } from './features/auth/routes.js';
import { configRoutes } from './features/config/routes.js';
import { registerChatFeatures, type ChatFeatures } from './features/register-chat.js';
import { refuseWhileDraining } from './features/ask/shutdown.js';

export interface AppDeps {
  config: AppConfig;
  db: Db;
  logger?: FastifyServerOptions['logger'];
  /** Folder of the built web client to serve (SPA fallback to index.html). */
  webDist?: string | undefined;
}

export interface App extends FastifyInstance {
  chat: ChatFeatures;
  /** Every route registered (method, pattern, public): the security suites enumerate it. */
  routeTable: readonly RouteEntry[];
}

/** Builds the whole app without listening: tests call this, main.ts listens. */
export async function buildApp(deps: AppDeps): Promise<App> {
  const app = Fastify({
    logger: withRedaction(deps.logger ?? false, () => deps.config.endpoints.map((e) => e.apiKey)),
    trustProxy: deps.config.trustProxy,
    bodyLimit: 1024 * 1024,
    routerOptions: { maxParamLength: 200 },
    frameworkErrors: frameworkErrorHandler,
    clientErrorHandler,
  });
  const routeTable = collectRoutes(app);
  registerErrorHandler(app);
  // JSON bodies only (other types are 415), and no string the database cannot store.
  registerRequestInput(app);
  // First hook of all: during a graceful shutdown nothing new starts (the flag is chat's).
  const lifecycle = { draining: () => false };
  refuseWhileDraining(app, () => lifecycle.draining());
  await app.register(helmet, {
    // No inline scripts anywhere (the theme is applied by /theme-init.js), so none are allowed.
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'"],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        frameAncestors: ["'none'"],
      },
    },
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    crossOriginEmbedderPolicy: false,
    hsts: deps.config.secureCookies,
  });
  await app.register(cookie);
  await app.register(rateLimit, { global: false });
  const authRepo = createAuthRepo(deps.db);
  const liveSessions = createLiveSessions(authRepo.isSessionLive);
  registerAuthGuard(app, deps.config.jwtSecret, liveSessions);

  const authService = createAuthService(authRepo, deps.config, liveSessions);
  authRoutes(app, { auth: authService, config: deps.config });
  configRoutes(app, { config: deps.config });
  const chat = registerChatFeatures(app, { db: deps.db, config: deps.config });
  lifecycle.draining = () => chat.draining;

  if (deps.webDist && existsSync(join(deps.webDist, 'index.html'))) {
    await app.register(fastifyStatic, {
      root: deps.webDist,
      wildcard: false,
      index: false,
      setHeaders(reply, filePath) {
        // Vite's hashed assets never change; index.html must always be revalidated.
        if (filePath.includes(`${join('/', 'assets', '/')}`)) {
          reply.header('Cache-Control', 'public, max-age=31536000, immutable');
        }
      },
    });
    app.get('/*', { config: { public: true } }, (request, reply) => {
      if (request.url.startsWith('/api/')) {
        return reply.status(404).send({ message: 'Not found', code: 'not_found' });
      }
      reply.header('Cache-Control', 'no-cache');
      return reply.type('text/html').sendFile('index.html');
    });
  }

  const decorated = app as unknown as App;
  decorated.decorate('chat', chat);
  decorated.decorate('routeTable', routeTable);
  return decorated;
}
