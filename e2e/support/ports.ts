/**
 * The ports of one e2e run, from E2E_APP_PORT and E2E_FAKE_PORT (so parallel runs on one machine
 * do not collide): the app, the OpenAI fake (which also serves Azure OpenAI's deployment paths) and
 * the Anthropic and Gemini fakes two and three ports above it. Read by the config and the specs.
 */
export const APP_PORT = Number(process.env.E2E_APP_PORT ?? 3180);
export const FAKE_PORT = Number(process.env.E2E_FAKE_PORT ?? 3181);
export const ANTHROPIC_FAKE_PORT = FAKE_PORT + 2;
export const GEMINI_FAKE_PORT = FAKE_PORT + 3;
/** The legacy upstreams' fakes: Bing's chat hub and the ChatGPT web backend (six and seven above). */
export const BING_FAKE_PORT = FAKE_PORT + 6;
export const CHATGPT_FAKE_PORT = FAKE_PORT + 7;
/** A second app with CHECK_BALANCE on (e2e/specs/balance.spec.ts); the main app has no balance gate. */
export const BALANCE_APP_PORT = Number(process.env.E2E_BALANCE_APP_PORT ?? APP_PORT + 5);
/**
 * A third app with mail configured (e2e/specs/identity.spec.ts) and the free tier on
 * (FREE_TIER_MESSAGES=2, e2e/specs/free-tier.spec.ts): EMAIL_* point at a mail catcher,
 * whose SMTP port and control port (the received mails as JSON) are eight and nine above the fake.
 */
export const MAIL_APP_PORT = Number(process.env.E2E_MAIL_APP_PORT ?? APP_PORT + 6);
export const SMTP_PORT = FAKE_PORT + 8;
export const MAIL_CONTROL_PORT = FAKE_PORT + 9;
/**
 * A local OpenID Provider (tools/fake-upstreams/src/oidc, oidc-provider) ten above the fake: the
 * main app signs in through it (OPENID_*, e2e/specs/oauth.spec.ts).
 */
export const OIDC_PORT = FAKE_PORT + 10;
export const OIDC_ISSUER = `http://127.0.0.1:${OIDC_PORT}`;
/** What the OpenID button of the main app reads (OPENID_BUTTON_LABEL). */
export const OIDC_BUTTON_LABEL = 'Sign in with Local SSO';
/**
 * A fourth app with subscriptions on (e2e/specs/subscription.spec.ts): STRIPE_* point at the Stripe
 * fake (tools/fake-upstreams/src/stripe/cli.ts: the API, hosted Checkout and portal pages), eleven
 * above the fake, which delivers its signed events to that app's webhook; the app twelve above.
 */
export const STRIPE_FAKE_PORT = FAKE_PORT + 11;
export const STRIPE_APP_PORT = Number(process.env.E2E_STRIPE_APP_PORT ?? FAKE_PORT + 12);
/**
 * A fifth app whose librechat.yaml curates the model menu with enforced `modelSpecs`
 * (e2e/specs/model-specs.spec.ts), on the OpenAI and Anthropic fakes; thirteen above the fake.
 */
export const SPECS_APP_PORT = Number(process.env.E2E_SPECS_APP_PORT ?? FAKE_PORT + 13);
/** That app's operator (ADMIN_EMAIL), who may adjust balances. */
export const BALANCE_OPERATOR_EMAIL = 'e2e-operator@example.com';

export const FAKE_ORIGINS = {
  openai: `http://127.0.0.1:${FAKE_PORT}`,
  anthropic: `http://127.0.0.1:${ANTHROPIC_FAKE_PORT}`,
  gemini: `http://127.0.0.1:${GEMINI_FAKE_PORT}`,
  bing: `http://127.0.0.1:${BING_FAKE_PORT}`,
  chatgpt: `http://127.0.0.1:${CHATGPT_FAKE_PORT}`,
} as const;
export type FakeName = keyof typeof FAKE_ORIGINS;
