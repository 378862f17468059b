// The express checkout's browser SDK: /api/config says where it loads from, and the CSP allows
// that origin only when the express checkout is offered (a publishable key).
import { afterEach, describe, expect, it } from 'vitest';
import type { StartupConfig } from '@chat/contract';
import type { BillingConfig } from '../../config/app-config.js';
import { parseEnv } from '../../config/env.js';
import { startTestApp, type Harness } from '../../../test/support/harness.js';

const billing = (over: Partial<BillingConfig>): BillingConfig => ({
  subscriptionsEnabled: true,
  secretKey: 'sk_test_csp',
  publishableKey: 'pk_test_csp',
  webhookSecret: 'whsec_csp',
  prices: { weekly: 'price_weekly', yearly: 'price_yearly' },
  // Nothing here calls Stripe.
  apiBase: 'http://127.0.0.1:9',
  jsUrl: 'http://127.0.0.1:4499/v3/stripe.js',
  ...over,
});

let h: Harness | undefined;
afterEach(async () => {
  await h?.close();
  h = undefined;
});

async function configOf(b: BillingConfig | undefined): Promise<{ csp: string; body: StartupConfig }> {
  h = await startTestApp({ billing: b });
  const res = await fetch(`${h.url}/api/config`);
  return { csp: res.headers.get('content-security-policy') ?? '', body: (await res.json()) as StartupConfig };
}

describe("the browser's Stripe SDK", () => {
  it('STRIPE_JS_URL defaults to Stripe’s own script and may point elsewhere', () => {
    expect(parseEnv({}).STRIPE_JS_URL).toBe('https://js.stripe.com/endive/stripe.js');
    expect(parseEnv({ STRIPE_JS_URL: 'http://127.0.0.1:4432/v3/stripe.js' }).STRIPE_JS_URL).toBe(
      'http://127.0.0.1:4432/v3/stripe.js',
    );
    expect(() => parseEnv({ STRIPE_JS_URL: 'not a url' })).toThrow(/STRIPE_JS_URL/);
  });

  it('a configured script: /api/config names it, the CSP allows its origin only', async () => {
    const { csp, body } = await configOf(billing({}));
    expect(body.stripeJsUrl).toBe('http://127.0.0.1:4499/v3/stripe.js');
    expect(body.stripePublishableKey).toBe('pk_test_csp');
    expect(csp).toContain("script-src 'self' http://127.0.0.1:4499;");
    expect(csp).toContain("connect-src 'self' http://127.0.0.1:4499;");
    expect(csp).toContain("frame-src 'self' http://127.0.0.1:4499;");
    expect(csp).not.toContain('stripe.com');
  });

  it("Stripe's own script: its origins for the script, API calls and frames", async () => {
    const { csp } = await configOf(billing({ jsUrl: 'https://js.stripe.com/endive/stripe.js' }));
    expect(csp).toContain("script-src 'self' https://js.stripe.com;");
    expect(csp).toContain("connect-src 'self' https://js.stripe.com https://api.stripe.com;");
    expect(csp).toContain("frame-src 'self' https://js.stripe.com https://hooks.stripe.com;");
  });

  it('no publishable key, or no Stripe: no SDK and nothing more in the CSP', async () => {
    for (const b of [billing({ publishableKey: null }), undefined]) {
      const { csp, body } = await configOf(b);
      expect(body.stripeJsUrl).toBeNull();
      expect(csp).toMatch(/script-src 'self';/);
      expect(csp).toMatch(/frame-src 'self';/);
      expect(csp).not.toContain('4499');
      await h?.close();
      h = undefined;
    }
  });
});
