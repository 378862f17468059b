import { existsSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

const serverTests = ['packages/**/*.test.ts', 'apps/server/**/*.test.ts', 'tools/**/*.test.ts'];
const nodeProject = (
  name: string,
  env: Record<string, string>,
  include: string[],
  exclude: string[] = [],
) => ({
  test: {
    name,
    include,
    exclude: ['**/node_modules/**', ...exclude],
    environment: 'node',
    // The server's files share one module graph per worker instead of each evaluating the whole
    // app (every feature, every provider SDK) again: that evaluation was most of a file's time
    // (import 397 s against 36 s over the 143 feature files). No server test mocks a module, and
    // each one opens and closes its own app, database and servers, so nothing a file leaves in
    // the module cache changes what the next file sees.
    isolate: false,
    testTimeout: 30_000,
    hookTimeout: 60_000,
    env,
  },
});

// The server's data-layer tests run on embedded PGlite always, and again on a real PostgreSQL
// server when TEST_DATABASE_URL is set (CI sets it), so both back ends are proven in one run.
// `*.pg.test.ts` files test what only a PostgreSQL server has (connections that can be lost).
// `*.redis.test.ts` files test several instances over PostgreSQL and Redis: they run when both
// TEST_DATABASE_URL and TEST_REDIS_URL are set (CI sets both), in a project of their own.
// `*.nginx.test.ts` files put Debian's nginx with the shipped deploy/nginx.conf in front of two
// instances: they run with PostgreSQL and Redis when nginx is installed (CI installs it) or
// TEST_NGINX names its binary.
const pg = process.env.TEST_DATABASE_URL;
const redis = process.env.TEST_REDIS_URL;
const nginx = process.env.TEST_NGINX || (existsSync('/usr/sbin/nginx') ? '/usr/sbin/nginx' : '');
const clusterOnly = ['**/*.redis.test.ts', '**/*.nginx.test.ts'];
const dbAgnostic = [
  'apps/server/src/config/**',
  'apps/server/src/platform/**',
  'apps/server/src/features/config/**',
  'apps/server/src/architecture-doc.test.ts',
  'apps/server/src/feature-layout.test.ts',
  // Features that hold no query of their own (their data, if any, goes through other features'
  // services, proven on both stores there): MCP servers, speech, model specs, summaries and
  // titles, and the code interpreter's sandbox, which runs Python in workers and opens no store.
  'apps/server/src/features/mcp/**',
  'apps/server/src/features/speech/**',
  'apps/server/src/features/model-specs/**',
  'apps/server/src/features/summaries/**',
  'apps/server/src/features/title/title.test.ts',
  'apps/server/src/features/code-interpreter/runner.test.ts',
  // The operator's CLI is run as `npm run admin` runs it, on an embedded store in DATA_DIR.
  'apps/server/src/admin-cli.test.ts',
];

// Vitest runs one file per core less one: on a two-core machine, one at a time. Most of these
// files wait on sockets, databases and child processes rather than compute (a server's tests took
// 145 s one at a time and 66 s three at a time on two cores), so at least three run at once.
const maxWorkers = Math.max(3, availableParallelism());

export default defineConfig({
  test: {
    maxWorkers,
    projects: [
      nodeProject('node', { TEST_DATABASE_URL: '' }, serverTests, ['**/*.pg.test.ts', ...clusterOnly]),
      ...(pg
        ? [
            nodeProject(
              'server-postgres',
              { TEST_DATABASE_URL: pg },
              ['apps/server/**/*.test.ts'],
              // The providers' tests open no database: the node project runs them once. The
              // outage test starts a PostgreSQL cluster of its own: the node project runs it. The
              // settings (config/), the HTTP platform (platform/), the config routes and the
              // repository's static checks hold no query of their own: a database under them is
              // incidental, and PGlite is the same PostgreSQL engine, so one run proves them.
              [
                ...clusterOnly,
                'apps/server/src/providers/**',
                'apps/server/test/crash/db-outage.test.ts',
                // The embedded store's own layers (prepared statements, parsers) open PGlite
                // whatever the URL says: a second run would test the same thing again.
                'apps/server/src/db/pglite-*.test.ts',
                ...dbAgnostic,
              ],
            ),
          ]
        : []),
      ...(pg && redis
        ? [
            nodeProject('server-redis', { TEST_DATABASE_URL: pg, TEST_REDIS_URL: redis }, [
              'apps/server/**/*.redis.test.ts',
            ]),
          ]
        : []),
      ...(pg && redis && nginx
        ? [
            nodeProject('server-nginx', { TEST_DATABASE_URL: pg, TEST_REDIS_URL: redis, TEST_NGINX: nginx }, [
              'apps/server/**/*.nginx.test.ts',
            ]),
          ]
        : []),
      'apps/web/vitest.config.ts',
    ],
  },
});
