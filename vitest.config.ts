import { defineConfig } from 'vitest/config';

const serverTests = ['packages/**/*.test.ts', 'apps/server/**/*.test.ts', 'tools/**/*.test.ts'];
const nodeProject = (name: string, env: Record<string, string>, include: string[]) => ({
  test: { name, include, environment: 'node', testTimeout: 30_000, hookTimeout: 60_000, env },
});

// The server's data-layer tests run on embedded PGlite always, and again on a real PostgreSQL
// server when TEST_DATABASE_URL is set (CI sets it), so both back ends are proven in one run.
const pg = process.env.TEST_DATABASE_URL;

export default defineConfig({
  test: {
    projects: [
      nodeProject('node', { TEST_DATABASE_URL: '' }, serverTests),
      ...(pg
        ? [nodeProject('server-postgres', { TEST_DATABASE_URL: pg }, ['apps/server/**/*.test.ts'])]
        : []),
      'apps/web/vitest.config.ts',
    ],
  },
});
