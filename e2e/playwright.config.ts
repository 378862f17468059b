import { defineConfig, devices } from '@playwright/test';
import {
  ANTHROPIC_FAKE_PORT,
  APP_PORT,
  BALANCE_APP_PORT,
  BALANCE_OPERATOR_EMAIL,
  BING_FAKE_PORT,
  CHATGPT_FAKE_PORT,
  FAKE_PORT,
  GEMINI_FAKE_PORT,
  MAIL_APP_PORT,
  MAIL_CONTROL_PORT,
  SPECS_APP_PORT,
  STRIPE_APP_PORT,
  STRIPE_FAKE_PORT,
  OIDC_BUTTON_LABEL,
  OIDC_ISSUER,
  OIDC_PORT,
  SMTP_PORT,
} from './support/ports';

/**
 * End-to-end specs drive the built app in Debian's Chromium. Five processes are started: the fake
 * upstreams of the three wire protocols and the app wired to them, exactly as a person would point
 * the app at any compatible server: OpenAI (OPENAI_REVERSE_PROXY) and Azure OpenAI
 * (AZURE_OPENAI_BASEURL, the deployment paths the OpenAI fake also serves) on the OpenAI fake,
 * Anthropic (ANTHROPIC_REVERSE_PROXY) and Google (GOOGLE_REVERSE_PROXY) on their own fakes, plus the
 * librechat.yaml custom endpoint `Byok` on the OpenAI fake, and the two legacy upstreams on theirs
 * (BINGAI_HOST: Bing's chat hub; CHATGPT_REVERSE_PROXY: the ChatGPT web backend). A second app, on the OpenAI fake only,
 * checks token balances (CHECK_BALANCE: e2e/specs/balance.spec.ts), which the other specs do not
 * expect. A third app sends its verification and reset mails (EMAIL_*) to a mail catcher (a real
 * SMTP server, tools/fake-upstreams/src/mail) for e2e/specs/identity.spec.ts. The main app also signs
 * in through a local OpenID Provider (tools/fake-upstreams/src/oidc) for e2e/specs/oauth.spec.ts. A fourth
 * app has subscriptions on (STRIPE_*: the Stripe fake's API, hosted pages and signed webhooks) for
 * e2e/specs/subscription.spec.ts; the others have no Stripe, so no paywall. A fifth app curates its
 * model menu with enforced librechat.yaml `modelSpecs` (e2e/specs/model-specs.spec.ts). The fakes' control routes
 * (`/__control/requests`, e2e/support/fakes.ts) let a spec read what each upstream was sent.
 */
// E2E_APP_PORT, E2E_FAKE_PORT; the Anthropic and Gemini fakes' ports move with the latter.
const DATA_DIR = `e2e/.data-${APP_PORT}`;
const BALANCE_DATA_DIR = `e2e/.data-${BALANCE_APP_PORT}`;
const MAIL_DATA_DIR = `e2e/.data-${MAIL_APP_PORT}`;
const STRIPE_DATA_DIR = `e2e/.data-${STRIPE_APP_PORT}`;
const SPECS_DATA_DIR = `e2e/.data-${SPECS_APP_PORT}`;
/** Every spec asks from 127.0.0.1, several at once: the message limits must not refuse them. */
const HIGH_MESSAGE_LIMITS = { MESSAGE_IP_MAX: '100000', CONCURRENT_MESSAGE_MAX: '1000' };

export default defineConfig({
  testDir: './specs',
  outputDir: '../test-results',
  // A flow of a dozen steps takes 40–60 s on a CI machine of two cores running two browsers
  // and eight servers; each step still fails on its own 10 s expectation.
  timeout: 90_000,
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
      command: `npx tsx tools/fake-upstreams/src/cli.ts --protocol anthropic --port ${ANTHROPIC_FAKE_PORT} --api-key e2e-anthropic-key`,
      cwd: '..',
      url: `http://127.0.0.1:${ANTHROPIC_FAKE_PORT}/__control/requests`,
      reuseExistingServer: false,
      timeout: 30_000,
    },
    {
      command: `npx tsx tools/fake-upstreams/src/cli.ts --protocol gemini --port ${GEMINI_FAKE_PORT} --api-key e2e-google-key`,
      cwd: '..',
      url: `http://127.0.0.1:${GEMINI_FAKE_PORT}/__control/requests`,
      reuseExistingServer: false,
      timeout: 30_000,
    },
    {
      command: `npx tsx tools/fake-upstreams/src/cli.ts --protocol bing --port ${BING_FAKE_PORT} --api-key e2e-bing-cookie`,
      cwd: '..',
      url: `http://127.0.0.1:${BING_FAKE_PORT}/__control/requests`,
      reuseExistingServer: false,
      timeout: 30_000,
    },
    {
      command: `npx tsx tools/fake-upstreams/src/cli.ts --protocol chatgpt --port ${CHATGPT_FAKE_PORT} --api-key e2e-chatgpt-token`,
      cwd: '..',
      url: `http://127.0.0.1:${CHATGPT_FAKE_PORT}/__control/requests`,
      reuseExistingServer: false,
      timeout: 30_000,
    },
    {
      command: `npx tsx tools/fake-upstreams/src/oidc/cli.ts --port ${OIDC_PORT} --client-id e2e-oidc --client-secret e2e-oidc-secret --redirect-uri http://127.0.0.1:${APP_PORT}/oauth/openid/callback`,
      cwd: '..',
      url: `${OIDC_ISSUER}/.well-known/openid-configuration`,
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
        // No mail here: a reset request answers its link (identity.spec); the balance app has neither.
        ALLOW_PASSWORD_RESET: 'true',
        // Azure OpenAI on the OpenAI fake's /openai/deployments/{deployment}/chat/completions.
        AZURE_API_KEY: 'e2e-azure-key',
        AZURE_OPENAI_API_INSTANCE_NAME: 'e2e-instance',
        AZURE_OPENAI_API_DEPLOYMENT_NAME: 'e2e-deployment',
        AZURE_OPENAI_API_VERSION: '2024-10-21',
        AZURE_OPENAI_BASEURL: `http://127.0.0.1:${FAKE_PORT}/openai`,
        AZURE_OPENAI_MODELS: 'gpt-4o,gpt-4o-mini',
        ANTHROPIC_API_KEY: 'e2e-anthropic-key',
        ANTHROPIC_REVERSE_PROXY: `http://127.0.0.1:${ANTHROPIC_FAKE_PORT}/v1`,
        ANTHROPIC_MODELS: 'claude-sonnet-4-6,claude-haiku-4-5',
        GOOGLE_KEY: 'e2e-google-key',
        GOOGLE_REVERSE_PROXY: `http://127.0.0.1:${GEMINI_FAKE_PORT}/v1beta`,
        GOOGLE_MODELS: 'gemini-2.5-flash,gemini-2.5-pro',
        BINGAI_TOKEN: 'e2e-bing-cookie',
        BINGAI_HOST: `http://127.0.0.1:${BING_FAKE_PORT}`,
        CHATGPT_TOKEN: 'e2e-chatgpt-token',
        CHATGPT_REVERSE_PROXY: `http://127.0.0.1:${CHATGPT_FAKE_PORT}/backend-api/conversation`,
        // A custom endpoint whose key each user brings (e2e/specs/user-keys.spec.ts).
        CONFIG_PATH: 'e2e/support/librechat.yaml',
        E2E_FAKE_BASE_URL: `http://127.0.0.1:${FAKE_PORT}/v1`,
        // The librechat.yaml speech block's keys, as LibreChat's example names them.
        TTS_API_KEY: 'e2e-tts-key',
        STT_API_KEY: 'e2e-stt-key',
        LOGIN_MAX: '1000',
        REGISTER_MAX: '1000',
        ...HIGH_MESSAGE_LIMITS,
        LOG_LEVEL: 'warn',
        // Social sign-in through the local OpenID Provider (e2e/specs/oauth.spec.ts).
        DOMAIN_SERVER: `http://127.0.0.1:${APP_PORT}`,
        DOMAIN_CLIENT: `http://127.0.0.1:${APP_PORT}`,
        ALLOW_SOCIAL_LOGIN: 'true',
        ALLOW_SOCIAL_REGISTRATION: 'true',
        OPENID_ISSUER: OIDC_ISSUER,
        OPENID_CLIENT_ID: 'e2e-oidc',
        OPENID_CLIENT_SECRET: 'e2e-oidc-secret',
        OPENID_BUTTON_LABEL: OIDC_BUTTON_LABEL,
        // A hung upstream fails in 3 s instead of 120 s (e2e/specs/faults.spec.ts).
        UPSTREAM_IDLE_TIMEOUT_MS: '3000',
      },
    },
    {
      command: `rm -rf ${BALANCE_DATA_DIR} && node apps/server/dist/main.js`,
      cwd: '..',
      url: `http://127.0.0.1:${BALANCE_APP_PORT}/api/config`,
      reuseExistingServer: false,
      timeout: 60_000,
      env: {
        PORT: String(BALANCE_APP_PORT),
        HOST: '127.0.0.1',
        DATA_DIR: BALANCE_DATA_DIR,
        OPENAI_API_KEY: 'e2e-key',
        OPENAI_REVERSE_PROXY: `http://127.0.0.1:${FAKE_PORT}/v1`,
        OPENAI_MODELS: 'gpt-4o-mini',
        CHECK_BALANCE: 'true',
        START_BALANCE: '20000',
        ADMIN_EMAIL: BALANCE_OPERATOR_EMAIL,
        TITLE_CONVO: 'false',
        LOGIN_MAX: '1000',
        REGISTER_MAX: '1000',
        ...HIGH_MESSAGE_LIMITS,
        LOG_LEVEL: 'warn',
      },
    },
    {
      command: `npx tsx tools/fake-upstreams/src/mail/cli.ts --smtp-port ${SMTP_PORT} --http-port ${MAIL_CONTROL_PORT}`,
      cwd: '..',
      url: `http://127.0.0.1:${MAIL_CONTROL_PORT}/__control/mails`,
      reuseExistingServer: false,
      timeout: 30_000,
    },
    {
      command: `rm -rf ${MAIL_DATA_DIR} && node apps/server/dist/main.js`,
      cwd: '..',
      url: `http://127.0.0.1:${MAIL_APP_PORT}/api/config`,
      reuseExistingServer: false,
      timeout: 60_000,
      env: {
        PORT: String(MAIL_APP_PORT),
        HOST: '127.0.0.1',
        DATA_DIR: MAIL_DATA_DIR,
        DOMAIN_CLIENT: `http://127.0.0.1:${MAIL_APP_PORT}`,
        OPENAI_API_KEY: 'e2e-key',
        OPENAI_REVERSE_PROXY: `http://127.0.0.1:${FAKE_PORT}/v1`,
        OPENAI_MODELS: 'gpt-4o-mini',
        EMAIL_HOST: '127.0.0.1',
        EMAIL_PORT: String(SMTP_PORT),
        EMAIL_FROM: 'noreply@e2e.example.com',
        EMAIL_FROM_NAME: 'OmniChat',
        // The free tier (e2e/specs/free-tier.spec.ts): Try Now's accounts only, nobody else gated.
        FREE_TIER_MESSAGES: '2',
        TITLE_CONVO: 'false',
        LOGIN_MAX: '1000',
        REGISTER_MAX: '1000',
        ...HIGH_MESSAGE_LIMITS,
        LOG_LEVEL: 'warn',
      },
    },
    {
      command: `rm -rf ${SPECS_DATA_DIR} && node apps/server/dist/main.js`,
      cwd: '..',
      url: `http://127.0.0.1:${SPECS_APP_PORT}/api/config`,
      reuseExistingServer: false,
      timeout: 60_000,
      env: {
        PORT: String(SPECS_APP_PORT),
        HOST: '127.0.0.1',
        DATA_DIR: SPECS_DATA_DIR,
        OPENAI_API_KEY: 'e2e-key',
        OPENAI_REVERSE_PROXY: `http://127.0.0.1:${FAKE_PORT}/v1`,
        OPENAI_MODELS: 'gpt-4o-mini,gpt-4o',
        ANTHROPIC_API_KEY: 'e2e-anthropic-key',
        ANTHROPIC_REVERSE_PROXY: `http://127.0.0.1:${ANTHROPIC_FAKE_PORT}/v1`,
        ANTHROPIC_MODELS: 'claude-sonnet-4-6,claude-haiku-4-5',
        CONFIG_PATH: 'e2e/support/librechat-specs.yaml',
        TITLE_CONVO: 'false',
        LOGIN_MAX: '1000',
        REGISTER_MAX: '1000',
        ...HIGH_MESSAGE_LIMITS,
        LOG_LEVEL: 'warn',
      },
    },
    {
      command: `npx tsx tools/fake-upstreams/src/stripe/cli.ts --port ${STRIPE_FAKE_PORT} --webhook-url http://127.0.0.1:${STRIPE_APP_PORT}/api/stripe/webhook`,
      cwd: '..',
      url: `http://127.0.0.1:${STRIPE_FAKE_PORT}/v1/customers`,
      reuseExistingServer: false,
      timeout: 30_000,
    },
    {
      command: `rm -rf ${STRIPE_DATA_DIR} && node apps/server/dist/main.js`,
      cwd: '..',
      url: `http://127.0.0.1:${STRIPE_APP_PORT}/api/config`,
      reuseExistingServer: false,
      timeout: 60_000,
      env: {
        PORT: String(STRIPE_APP_PORT),
        HOST: '127.0.0.1',
        DATA_DIR: STRIPE_DATA_DIR,
        DOMAIN_CLIENT: `http://127.0.0.1:${STRIPE_APP_PORT}`,
        OPENAI_API_KEY: 'e2e-key',
        OPENAI_REVERSE_PROXY: `http://127.0.0.1:${FAKE_PORT}/v1`,
        // gpt-4o is not premium here: the way forward past the premium limit (premium.spec.ts).
        OPENAI_MODELS: 'gpt-4o-mini,gpt-4o',
        STRIPE_SECRET_KEY: 'sk_test_e2e',
        STRIPE_WEBHOOK_SECRET: 'whsec_e2e',
        STRIPE_PRICE_WEEKLY: 'price_weekly',
        STRIPE_PRICE_YEARLY: 'price_yearly',
        STRIPE_API_BASE: `http://127.0.0.1:${STRIPE_FAKE_PORT}`,
        // The express checkout's SDK: the fake's Stripe.js-compatible script (no internet here).
        STRIPE_PUBLISHABLE_KEY: 'pk_test_e2e',
        STRIPE_JS_URL: `http://127.0.0.1:${STRIPE_FAKE_PORT}/v3/stripe.js`,
        // The premium limit (on with subscriptions): its one model here, one use a day
        // (e2e/specs/premium.spec.ts: a free-tier visitor, who has no subscription).
        PREMIUM_MODELS: 'gpt-4o-mini',
        PREMIUM_DAILY_USES: '1',
        TITLE_CONVO: 'false',
        LOGIN_MAX: '1000',
        REGISTER_MAX: '1000',
        ...HIGH_MESSAGE_LIMITS,
        LOG_LEVEL: 'warn',
      },
    },
  ],
});
