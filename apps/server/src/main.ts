import { existsSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
// Only the OpenAI fake (the offline demo): the package's index brings every fake and their libraries.
import { startFakeOpenAI } from '@chat/fake-upstreams/openai';
import type { FakeOpenAIServer } from '@chat/fake-upstreams';
import { API_ROUTES, DEMO_ENDPOINT_NAME } from '@chat/contract';
import { ConfigError, logLevelOf, parseEnv } from './config/env.js';
import { buildAppConfig, loadSecrets, shouldOfferDemo, type AppConfig } from './config/app-config.js';
import { loadYamlConfig } from './config/yaml-config.js';
import { loadDotEnv } from './config/dotenv.js';
import { unsupportedWarning } from './config/librechat-env.js';
import { openDatabase } from './db/client.js';
import { warmReplyPath } from './db/warm.js';
import { resolveModelLists } from './providers/model-lists.js';
import { interfaceConfigFrom } from './config/yaml-interface.js';
import { specsOfOfferedModels } from './features/model-specs/index.js';
import { proxiedFetch } from './platform/net/upstream-proxy.js';
import { buildApp } from './app.js';
import { LOG_REDACT_PATHS } from './platform/logging.js';
import { claimBuild } from './platform/build-lease.js';
import { trackConnections } from './platform/net/connections.js';
import { escapedErrorListener } from './platform/escaped-errors.js';
import { heapGrowth } from './platform/runtime/heap-growth.js';

/** The build's real folder (Node resolves the apps/server/dist symlink), or apps/server/src in dev. */
const here = dirname(fileURLToPath(import.meta.url));
claimBuild(here);
/**
 * The built client: web/ in this server's own build, served from there for the process's whole
 * life whatever later builds do; from source, apps/web/dist (`npm run build -w @chat/web`).
 */
const defaultWebDist = existsSync(join(here, 'web')) ? join(here, 'web') : resolve(here, '../../web/dist');

const DEMO_MODELS = ['demo-fast'];

async function addDemoEndpoint(config: AppConfig): Promise<FakeOpenAIServer> {
  // The fake upstream speaks OpenAI's wire protocol; at 40 tokens/s a reply visibly streams.
  const fake = await startFakeOpenAI({ models: DEMO_MODELS, defaults: { tokensPerSecond: 40 } });
  config.endpoints.push({
    name: DEMO_ENDPOINT_NAME,
    type: 'custom',
    apiKey: 'demo',
    baseURL: fake.url,
    models: DEMO_MODELS,
    titleModel: DEMO_MODELS[0],
    label: 'Offline demo',
    userProvide: false,
    isDemo: true,
  });
  return fake;
}

/** Where the database is, for a start-up error: the URL without its password, or PGlite's folder. */
function storeOf(url: string | undefined, dataDir: string): string {
  if (!url) return `embedded, in ${join(dataDir, 'pglite')}`;
  try {
    const u = new URL(url);
    return `${u.protocol}//${u.username ? `${u.username}@` : ''}${u.host}${u.pathname}`;
  } catch {
    return 'DATABASE_URL';
  }
}

/** An error's reason in one line (a refused connection to every address of a name is an AggregateError without a message). */
function reasonOf(err: unknown): string {
  if (err instanceof AggregateError && !err.message) return err.errors.map(reasonOf).join('; ');
  if (err instanceof Error) return err.message || String((err as { code?: unknown }).code ?? err.name);
  return String(err);
}

async function main(): Promise<void> {
  const started = performance.now();
  // The operator's .env (LibreChat's habit): read before anything reads the environment.
  const dotenv = loadDotEnv();
  const env = parseEnv(process.env);
  const dataDir = resolve(env.DATA_DIR);
  const warnings: string[] = [];
  // A LibreChat .env moved here: what it sets that is not read is said once, by name.
  const unsupported = unsupportedWarning(process.env);
  if (unsupported) warnings.push(unsupported);
  const secrets = loadSecrets(env, dataDir, (m) => warnings.push(m));
  const yaml = loadYamlConfig(env, process.env);
  const config = buildAppConfig(env, secrets, yaml, (m) => warnings.push(m));

  // The database opens (and a new store is created) while upstreams are asked for their models.
  let onIdleError = (err: Error) => console.warn('database connection lost:', err.message);
  const opening = openDatabase({
    url: env.DATABASE_URL,
    dataDir,
    // pgvector goes into PGlite only where file search has embeddings to compare.
    vector: Boolean(config.fileSearch?.embeddings),
    onIdleError: (err) => onIdleError(err),
  });
  opening.catch(() => {}); // handled where it is awaited, below; not unhandled meanwhile

  // Only offered models are accepted: each endpoint's list is settled once, here.
  const modelListFailures = await resolveModelLists(config.endpoints, {
    fetch: config.proxy ? proxiedFetch(config.proxy) : undefined,
  });
  const fake = shouldOfferDemo(env, config.endpoints) ? await addDemoEndpoint(config) : null;
  // Model specs need the settled lists: a spec whose model is not offered is left out.
  config.modelSpecs = specsOfOfferedModels(config.modelSpecs, config.endpoints, (m) =>
    warnings.push(`${yaml?.file ?? 'librechat.yaml'}: ${m}`),
  );
  config.interface = interfaceConfigFrom(yaml?.interface ?? undefined, config.modelSpecs);
  const database = await opening.catch((err: unknown) => {
    throw new ConfigError(
      `The database could not be opened (${storeOf(env.DATABASE_URL, dataDir)}): ${reasonOf(err)}`,
    );
  });
  const app = await buildApp({
    config,
    db: database.db,
    logger: {
      level: logLevelOf(env),
      redact: [...LOG_REDACT_PATHS],
    },
    webDist: process.env.WEB_DIST ?? defaultWebDist,
  });
  onIdleError = (err) => app.log.warn({ err }, 'database connection lost; the next query reconnects');
  if (dotenv) app.log.info({ file: dotenv }, 'settings read from .env (the environment wins)');
  for (const w of warnings) app.log.warn(w);
  for (const { endpoint, error } of modelListFailures) {
    // Through the logger's error serializer, which cuts configured keys out of any message.
    app.log.warn(
      { err: error, endpoint },
      `${endpoint}: no model list from the upstream; the default list is offered`,
    );
  }
  if (yaml) app.log.info({ file: yaml.file, custom: yaml.custom.length }, 'configuration file read');
  if (fake)
    app.log.info(
      'No provider configured: the offline demo endpoint is on (DEMO_ENDPOINT=false turns it off)',
    );

  const connections = trackConnections(app.server);
  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    const stopping = performance.now();
    const timeoutMs = env.SHUTDOWN_TIMEOUT_MS;
    app.log.info({ signal, timeoutMs }, 'shutting down: finishing running replies');
    // 1. New requests are refused (503 service_unavailable, Retry-After, Connection: close) but
    //    new connections are still accepted: a balancer's probe must hear /ready answer 503 (a
    //    refused connection tells it nothing it can act on before its own timeouts), /health
    //    200. The running replies' event streams (hijacked responses) go on meanwhile.
    const finished = app.lifecycle.shutdown(timeoutMs);
    // 2. Every reply finishes, or past the deadline is stopped and saved unfinished.
    if (!(await finished)) app.log.warn('drain deadline passed: unfinished replies were saved as such');
    const drainMs = Math.round(performance.now() - stopping);
    app.server.close();
    // 3. Then close: the event streams have ended. Connections without a request in flight (idle
    //    keep-alive, or opened ahead of use by a browser) are closed now; a request still running
    //    gets 2 s to end.
    const busy = connections.closeIdle();
    const grace = setTimeout(() => app.server.closeAllConnections(), 2000);
    await app.close();
    clearTimeout(grace);
    await fake?.close();
    await database.close();
    app.log.info({ drainMs, busy, ms: Math.round(performance.now() - stopping) }, 'stopped');
    process.exit(0);
  };
  const onSignal = (signal: string) => {
    shutdown(signal).catch((err: unknown) => {
      app.log.error({ err }, 'shutdown failed');
      process.exit(1);
    });
  };
  // A database error nobody handled is logged and the process goes on; any other is a bug: fatal.
  const exit = (code: number) => process.exit(code);
  process.on('unhandledRejection', escapedErrorListener('unhandled rejection', app.log, exit));
  process.on('uncaughtException', escapedErrorListener('uncaught exception', app.log, exit));
  process.on('SIGTERM', () => onSignal('SIGTERM'));
  process.on('SIGINT', () => onSignal('SIGINT'));

  // The first reply's one-time costs (db/warm.ts), paid once the first person has a session (a
  // sign-in, a registration, a page's refresh: a message usually follows) rather than by their
  // first message. Not at start: the library it loads takes ~20 MB an idle server does without.
  const sessionPaths = new Set<string>([
    API_ROUTES.login.path,
    API_ROUTES.register.path,
    API_ROUTES.refresh.path,
  ]);
  let warming = false;
  app.addHook('onResponse', async (request, reply) => {
    if (warming || reply.statusCode !== 200 || !sessionPaths.has(request.routeOptions.url ?? '')) return;
    warming = true;
    warmReplyPath(database).catch((err: unknown) => app.log.warn({ err }, 'warming the reply path failed'));
  });

  // Node's default backlog (511) overflowed when 2,000 clients connected at once (the benchmark's
  // concurrency run: ECONNRESET); the kernel caps it at net.core.somaxconn.
  await app.listen({ host: env.HOST, port: env.PORT, backlog: env.LISTEN_BACKLOG });
  app.log.info(
    { db: database.kind, ms: Math.round(performance.now() - started) },
    `ready on http://localhost:${env.PORT}`,
  );
  // Start-up (compiling the embedded database's wasm module above all) leaves ~35 MB free in
  // malloc's heaps that glibc keeps: given back once the server is up.
  setTimeout(() => heapGrowth.release(), RELEASE_AFTER_START_MS).unref();
}

/** How long after ready the start-up's free memory is given back (its last work has settled). */
const RELEASE_AFTER_START_MS = 2_000;

main().catch((err: unknown) => {
  if (err instanceof ConfigError) {
    console.error(err.message);
  } else {
    console.error(err);
  }
  process.exit(1);
});
