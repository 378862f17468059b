import { existsSync, readFileSync } from 'node:fs';
import { basename, join } from 'node:path';
import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import {
  isPublicSitePath,
  LANGUAGE_COOKIE,
  SESSION_HINT_COOKIE,
  STRIPE_JS_DEFAULT_URL,
  type SiteRenderer,
  type SiteTranslator,
} from '@chat/contract';
import cookie from '@fastify/cookie';
import helmet from '@fastify/helmet';
import rateLimit from '@fastify/rate-limit';
import fastifyStatic from '@fastify/static';
import { configSecrets, type AppConfig } from './config/app-config.js';
import type { Db } from './db/client.js';
import { frameworkErrorHandler, registerErrorHandler } from './platform/errors.js';
import { withRedaction } from './platform/logging.js';
import { renderPageHead, renderSpaPage } from './platform/html/spa-page.js';
import {
  fixedSitePage,
  loadSiteRenderer,
  loadSiteTranslator,
  pageLanguage,
  readSiteAssets,
  renderSiteDocument,
  withNoindex,
  type ResolvedSitePage,
} from './platform/html/site-pages.js';
import { registerApiCachePolicy } from './platform/cache-policy.js';
import { clientErrorHandler, registerRequestInput } from './platform/request-input.js';
import { collectRoutes, type RouteEntry } from './platform/route-table.js';
import { createEvents } from './platform/events.js';
import { createLifecycle, type Lifecycle } from './platform/lifecycle.js';
import { registerModules, type FeatureModule } from './platform/module.js';
import { accountModule } from './features/account/index.js';
import { adminModule } from './features/admin/index.js';
import { auditModule } from './features/audit/index.js';
import { blogModule } from './features/blog/index.js';
import { errorLogModule } from './features/error-log/index.js';
import { askModule } from './features/ask/index.js';
import { modelSpecsModule } from './features/model-specs/index.js';
import { assistantsModule } from './features/assistants/index.js';
import { authModule } from './features/auth/index.js';
import { balanceModule } from './features/balance/index.js';
import { billingModule } from './features/billing/index.js';
import { freeTierModule } from './features/free-tier/index.js';
import { premiumModule } from './features/premium/index.js';
import { socialBonusModule } from './features/social-bonus/index.js';
import { configModule } from './features/config/index.js';
import { filesModule } from './features/files/index.js';
import { healthModule } from './features/health/index.js';
import { keysModule } from './features/keys/index.js';
import { convosModule } from './features/convos/index.js';
import { messagesModule } from './features/messages/index.js';
import { moderationModule } from './features/moderation/index.js';
import { modelConfigsModule } from './features/model-configs/index.js';
import { oauthModule } from './features/oauth/index.js';
import { summariesModule } from './features/summaries/index.js';
import { presetsModule } from './features/presets/index.js';
import { importsModule } from './features/imports/index.js';
import { pluginsModule } from './features/plugins/index.js';
import { mcpModule } from './features/mcp/index.js';
import { codeInterpreterModule } from './features/code-interpreter/index.js';
import { searchModule } from './features/search/index.js';
import { shareModule } from './features/share/index.js';
import { tagsModule } from './features/tags/index.js';
import { forkModule } from './features/fork/index.js';
import { temporaryChatsModule } from './features/temporary-chats/index.js';
import { memoriesModule } from './features/memories/index.js';
import { artifactsModule } from './features/artifacts/index.js';
import { feedbackModule } from './features/feedback/index.js';
import { agentsModule } from './features/agents/index.js';
import { actionsModule } from './features/actions/index.js';
import { fileSearchModule } from './features/file-search/index.js';
import { promptsModule } from './features/prompts/index.js';
import { twoFactorModule } from './features/two-factor/index.js';
import { speechModule } from './features/speech/index.js';
import { titleModule } from './features/title/index.js';
import { providersModule } from './providers/index.js';

/**
 * The features, in registration order: a module may use the services of those before it. A new
 * feature is a folder with an index.ts exporting its module, and one line here.
 */
export const MODULES: readonly FeatureModule[] = [
  healthModule,
  authModule,
  auditModule,
  moderationModule,
  oauthModule,
  configModule,
  keysModule,
  providersModule,
  convosModule,
  messagesModule,
  searchModule,
  titleModule,
  askModule,
  modelSpecsModule,
  filesModule,
  modelConfigsModule,
  summariesModule,
  presetsModule,
  pluginsModule,
  mcpModule,
  codeInterpreterModule,
  assistantsModule,
  balanceModule,
  freeTierModule,
  billingModule,
  premiumModule,
  socialBonusModule,
  importsModule,
  accountModule,
  blogModule,
  errorLogModule,
  adminModule,
  shareModule,
  tagsModule,
  forkModule,
  temporaryChatsModule,
  memoriesModule,
  promptsModule,
  twoFactorModule,
  speechModule,
  feedbackModule,
  agentsModule,
  actionsModule,
  artifactsModule,
  fileSearchModule,
];

export interface AppDeps {
  config: AppConfig;
  db: Db;
  logger?: FastifyServerOptions['logger'];
  /** Folder of the built web client to serve (SPA fallback to index.html). */
  webDist?: string | undefined;
  /**
   * The public pages' server renderer; by default the one built beside webDist (site-ssr/), if
   * any. Without one, the public pages are index.html with their head written in.
   */
  siteRenderer?: SiteRenderer;
  /**
   * The public pages' dictionaries for the pages features write whole (a shared link's); by
   * default those built beside webDist, if any. Without them such pages are in English.
   */
  siteTranslator?: SiteTranslator;
  /** Modules registered after the app's own (a deployment's additions; tests of extension points). */
  extraModules?: readonly FeatureModule[];
  /** The clock of the features that keep time (bans); Date.now unless a test moves time on. */
  clock?: () => number;
}

export interface App extends FastifyInstance {
  /** Graceful shutdown, and waiting for every running reply and title (tests). */
  lifecycle: Lifecycle;
  /** Every route registered (method, pattern, public): the security suites enumerate it. */
  routeTable: readonly RouteEntry[];
}

/** The https origins of configured icons (endpoints', the OpenID and SAML buttons'), for the CSP's img-src. */
function iconOrigins(config: AppConfig): string[] {
  const origins = new Set<string>();
  const icons = [
    ...config.endpoints.map((e) => e.iconURL),
    config.oauth?.openid?.imageUrl,
    config.oauth?.saml?.imageUrl,
  ];
  for (const icon of icons) {
    try {
      const url = icon ? new URL(icon) : undefined;
      if (url?.protocol === 'https:') origins.add(url.origin);
    } catch {
      // not a URL: the client shows the generic icon
    }
  }
  return [...origins];
}

/** The origin of the affiliate script (AFFILIATE_SCRIPT_URL): the only third-party script allowed. */
function affiliateOrigins(config: AppConfig): string[] {
  const script = config.affiliate?.scriptUrl;
  return script ? [new URL(script).origin] : [];
}

/**
 * What the browser's Stripe SDK needs (the plan chooser's express checkout), only when it is
 * offered (a publishable key): its script's origin (STRIPE_JS_URL), and with Stripe's own script
 * the origins Stripe documents for its API calls and its frames.
 */
function stripeOrigins(config: AppConfig): { script: string[]; connect: string[]; frame: string[] } {
  const billing = config.billing;
  if (!billing?.publishableKey) return { script: [], connect: [], frame: [] };
  const script = new URL(billing.jsUrl).origin;
  const own = script === new URL(STRIPE_JS_DEFAULT_URL).origin;
  return {
    script: [script],
    connect: own ? [script, 'https://api.stripe.com'] : [script],
    frame: own ? [script, 'https://hooks.stripe.com'] : [script],
  };
}

/**
 * TRUST_PROXY as Fastify takes it: never `true` (which would take the leftmost entry, the one a
 * client writes). A hop count trusts the connecting peer and the entries it appended, as Express's
 * number does (Fastify's own number trusts nothing): `hop` 0 is the connection's address, 1 the
 * rightmost X-Forwarded-For entry, …; the first untrusted one is the client.
 */
function fastifyTrustProxy(
  trust: AppConfig['trustProxy'],
): false | string[] | ((a: string, hop: number) => boolean) {
  if (trust === false) return false;
  if (typeof trust === 'number') return (_address, hop) => hop < trust;
  return [...trust];
}

/** Builds the whole app without listening: tests call this, main.ts listens. */
export async function buildApp(deps: AppDeps): Promise<App> {
  const app = Fastify({
    logger: withRedaction(deps.logger ?? false, () => configSecrets(deps.config)),
    // A hop count or the trusted proxies' addresses: request.ip is read from the right of
    // X-Forwarded-For, so what a client writes at its left is never taken (config/env.ts).
    trustProxy: fastifyTrustProxy(deps.config.trustProxy),
    bodyLimit: 1024 * 1024,
    routerOptions: { maxParamLength: 200 },
    frameworkErrors: frameworkErrorHandler,
    clientErrorHandler,
  });
  const routeTable = collectRoutes(app);
  registerErrorHandler(app);
  // Nothing under /api is stored by a cache unless its route says so (tokens, personal data).
  registerApiCachePolicy(app);
  // JSON bodies only (other types are 415), and no string the database cannot store.
  registerRequestInput(app);
  // First hook of all: during a graceful shutdown nothing new starts.
  const lifecycle = createLifecycle();
  lifecycle.register(app);
  const stripe = stripeOrigins(deps.config);
  await app.register(helmet, {
    // No inline scripts anywhere (the theme and the first session refresh are started by /boot.js), so none are allowed.
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        // Plus the affiliate script's origin, only when AFFILIATE_SCRIPT_URL is set (it may also
        // send its click event and load its pixel there).
        // Plus Stripe's SDK (and its API and frames) only when the express checkout is offered.
        scriptSrc: ["'self'", ...affiliateOrigins(deps.config), ...stripe.script],
        styleSrc: ["'self'", "'unsafe-inline'"],
        // Plus the origins of the operator's icons (librechat.yaml iconURL, OPENID_IMAGE_URL).
        imgSrc: ["'self'", 'data:', 'blob:', ...iconOrigins(deps.config), ...affiliateOrigins(deps.config)],
        fontSrc: ["'self'", 'data:'],
        // Read aloud through the server plays the audio it fetched (with the session's token) as a blob.
        mediaSrc: ["'self'", 'blob:'],
        connectSrc: ["'self'", ...affiliateOrigins(deps.config), ...stripe.connect],
        frameSrc: ["'self'", ...stripe.frame],
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
  // Several instances (REDIS_URL): the client library is loaded only then.
  const redis = deps.config.redis
    ? await (await import('./platform/redis/connect.js')).connectRedis(deps.config.redis, app.log)
    : undefined;
  // Closed last (Fastify runs onClose hooks in reverse): the features' own closing may still use it.
  if (redis) app.addHook('onClose', () => redis.close());
  await app.register(rateLimit, {
    global: false,
    // Login and registration limits counted in Redis, so instances add up to one limit.
    ...(redis ? { redis: redis.redis, nameSpace: 'rate-limit:' } : {}),
  });
  const events = createEvents((err, name) => app.log.error({ err, event: name }, 'event listener failed'));
  const siteTexts =
    deps.siteTranslator ?? (deps.webDist ? await loadSiteTranslator(deps.webDist) : undefined);
  const registered = await registerModules(
    { app, db: deps.db, config: deps.config, lifecycle, events, clock: deps.clock, redis, siteTexts },
    [...MODULES, ...(deps.extraModules ?? [])],
  );

  // NO_INDEX: every answer (pages, files, the API) tells crawlers not to index it.
  if (deps.config.noIndex) {
    app.addHook('onSend', async (_request, reply, payload) => {
      reply.header('X-Robots-Tag', 'noindex');
      return payload;
    });
  }

  if (deps.webDist && existsSync(join(deps.webDist, 'index.html'))) {
    // Read once: the public pages get their own title and description written into it.
    const indexHtml = readFileSync(join(deps.webDist, 'index.html'), 'utf8');
    // The app's own pages (chat, login, settings, admin…) are not for search engines.
    const appHtml = withNoindex(indexHtml);
    const siteRenderer = deps.siteRenderer ?? (await loadSiteRenderer(deps.webDist));
    const siteAssets = readSiteAssets(deps.webDist);
    const siteOrigin = deps.config.clientOrigin ?? 'http://localhost';
    const resolveSitePage = async (pathname: string): Promise<ResolvedSitePage | undefined> => {
      const fixed = fixedSitePage(pathname, siteOrigin, deps.config.appTitle);
      if (fixed) return fixed;
      for (const resolve of registered.extensions('sitePages')) {
        const page = await resolve(pathname);
        if (page) return page;
      }
      return undefined;
    };
    // The client's source maps hold its whole source: served only when SERVE_SOURCE_MAPS asks
    // (the build writes them without a comment pointing at them; a SourceMap header then does).
    const serveMaps = deps.config.serveSourceMaps === true;
    await app.register(fastifyStatic, {
      root: deps.webDist,
      wildcard: false,
      index: false,
      // The build writes a Brotli and a gzip copy beside each text file (tools/build/precompress.mjs):
      // the one the browser accepts is sent, with Vary: Accept-Encoding. The copies get no route of
      // their own.
      preCompressed: true,
      globIgnore: ['**/*.br', '**/*.gz', ...(serveMaps ? [] : ['**/*.map'])],
      setHeaders(reply, sentPath) {
        const filePath = sentPath.replace(/\.(?:br|gz)$/, '');
        // Vite's hashed assets never change; index.html must always be revalidated.
        if (filePath.includes(`${join('/', 'assets', '/')}`)) {
          reply.header('Cache-Control', 'public, max-age=31536000, immutable');
        }
        if (serveMaps && /\.(?:m?js|css)$/.test(filePath) && existsSync(`${filePath}.map`)) {
          reply.header('SourceMap', `${basename(filePath)}.map`);
        }
      },
    });
    /** A page's HTML; with NO_INDEX every page carries the robots meta tag, public ones too. */
    const noIndexPage = (html: string) =>
      deps.config.noIndex && !html.includes('<meta name="robots"') ? withNoindex(html) : html;
    app.get('/*', { config: { public: true } }, async (request, reply) => {
      const pathname = request.url.split('?')[0]!;
      // The API's own space, /api itself included, answers JSON: never the app's page.
      if (pathname === '/api' || pathname.startsWith('/api/')) {
        return reply.status(404).send({ message: 'Not found', code: 'not_found' });
      }
      // A file of the build that is not there (a map not served, an asset of another build) is
      // a 404, not the app's page: a browser or a tool asking for it must not get HTML.
      if (pathname.startsWith('/assets/') || pathname.endsWith('.map')) {
        return reply.status(404).type('text/plain; charset=utf-8').send('Not found');
      }
      reply.header('Cache-Control', 'no-cache');
      // A public page for a visitor: rendered whole here, in the visitor's language. Someone
      // signed in (the session hint cookie) at `/` gets the app, which takes them to /c/new.
      const signedIn = request.cookies[SESSION_HINT_COOKIE] !== undefined;
      if (siteRenderer && isPublicSitePath(pathname) && !(pathname === '/' && signedIn)) {
        const resolved = await resolveSitePage(pathname);
        if (resolved) {
          const language = pageLanguage(request.cookies[LANGUAGE_COOKIE], request.headers['accept-language']);
          const rendered = siteRenderer({
            path: pathname,
            page: resolved.page,
            language,
            config: {
              appTitle: deps.config.appTitle,
              affiliateReferUrl: deps.config.affiliate?.referUrl ?? null,
              affiliateScriptUrl: deps.config.affiliate?.scriptUrl ?? null,
              subscriptionsEnabled: deps.config.billing?.subscriptionsEnabled === true,
              freeTierEnabled: deps.config.freeTier !== undefined,
              contactEmail: deps.config.site?.contactEmail ?? null,
              socialLinks: deps.config.site?.socialLinks ?? [],
            },
            signedIn,
          });
          const html = renderSiteDocument(
            indexHtml,
            resolved.head,
            rendered,
            siteAssets,
            deps.config.affiliate?.scriptUrl ?? null,
          );
          return reply
            .status(resolved.status)
            .header('Vary', 'Cookie, Accept-Language')
            .type('text/html; charset=utf-8')
            .send(noIndexPage(html));
        }
      }
      const page = renderSpaPage(indexHtml, pathname, deps.config.appTitle);
      if (page) {
        const html = isPublicSitePath(pathname) ? page : withNoindex(page);
        return reply.type('text/html; charset=utf-8').send(noIndexPage(html));
      }
      // Pages rendered from data (a blog post): a feature that owns the path writes its head.
      for (const resolve of registered.extensions('pageHeads')) {
        const head = await resolve(pathname);
        if (head)
          return reply.type('text/html; charset=utf-8').send(noIndexPage(renderPageHead(indexHtml, head)));
      }
      return reply
        .type('text/html; charset=utf-8')
        .send(noIndexPage(isPublicSitePath(pathname) ? indexHtml : appHtml));
    });
  }

  const decorated = app as unknown as App;
  decorated.decorate('lifecycle', lifecycle);
  decorated.decorate('routeTable', routeTable);
  return decorated;
}
