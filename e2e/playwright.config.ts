import { defineConfig, devices } from '@playwright/test';

/**
 * End-to-end specs drive the built app in Debian's Chromium. Two processes are started: the fake
 * OpenAI upstream and the app wired to it as the OpenAI endpoint (OPENAI_REVERSE_PROXY), exactly as
 * a person would point the app at any OpenAI-compatible server.
 */
const APP_PORT = Number(process.env.E2E_APP_PORT ?? 3180);
const FAKE_PORT = Number(process.env.E2E_FAKE_PORT ?? 3181);
const DATA_DIR = `e2e/.data-${APP_PORT}`;

export default defineConfig({
  testDir: './specs',
  outputDir: '../test-results',
  timeout: 60_000,
  expect: { timeout: 10_000 },
  fullyParallel: true,
  workers: process.env.CI ? 2 : 3,
  forbidOnly: true,
  retries: 0,
  reporter: process.env.CI ? [['list']] : [['list']],
  use: {
    baseURL: `http://127.0.0.1:${APP_PORT}`,
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: ['--no-sandbox', '--disable-dev-shm-usage', '--disable-gpu', '--disable-background-networking'],
    },
  },
  projects: [{ name: 'chromium', use: { ...devices['Desktop Chrome'] } }],
  webServer: [
    {
      command: `npx tsx tools/fake-upstreams/src/cli.ts --port ${FAKE_PORT}`,
      cwd: '..',
      url: `http://127.0.0.1:${FAKE_PORT}/v1/models`,
      reuseExistingServer: false,
      timeout: 30_000,
    },
    {
      command: `rm -rf ${DATA_DIR} && node apps/server/dist/main.js`,
      cwd: '..',
      url: `http://127.0.0.1:${APP_PORT}/api/config`,
      reuseExistingServer: false,
      timeout: 60_000,
      env: {
        PORT: String(APP_PORT),
        HOST: '127.0.0.1',
        DATA_DIR,
        OPENAI_API_KEY: 'e2e-key',
        OPENAI_REVERSE_PROXY: `http://127.0.0.1:${FAKE_PORT}/v1`,
        OPENAI_MODELS: 'gpt-4o-mini,gpt-4o',
        // A custom endpoint whose key each user brings (e2e/specs/user-keys.spec.ts).
        CONFIG_PATH: 'e2e/support/librechat.yaml',
        E2E_FAKE_BASE_URL: `http://127.0.0.1:${FAKE_PORT}/v1`,
        LOGIN_MAX: '1000',
        REGISTER_MAX: '1000',
        LOG_LEVEL: 'warn',
        // A hung upstream fails in 3 s instead of 120 s (e2e/specs/faults.spec.ts).
        UPSTREAM_IDLE_TIMEOUT_MS: '3000',
      },
    },
  ],
});
