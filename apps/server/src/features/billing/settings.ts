import { z } from 'zod';
import { STRIPE_JS_DEFAULT_URL } from '@chat/contract';

/** The environment variables this feature reads (LibreChat's names where one exists). */
export const billingEnv = {
  // Subscriptions through Stripe: on when STRIPE_SECRET_KEY is set.
  STRIPE_SECRET_KEY: z.string().trim().optional(),
  STRIPE_PUBLISHABLE_KEY: z.string().trim().optional(),
  STRIPE_WEBHOOK_SECRET: z.string().trim().optional(),
  STRIPE_PRICE_WEEKLY: z.string().trim().optional(),
  STRIPE_PRICE_YEARLY: z.string().trim().optional(),
  /** Stripe's API base URL (a local Stripe-compatible server in tests, stripe-mock). */
  STRIPE_API_BASE: z.string().url().default('https://api.stripe.com'),
  /** Sending needs a valid subscription; defaults to whether STRIPE_SECRET_KEY is set. */
  SUBSCRIPTIONS_ENABLED: z
    .string()
    .trim()
    .toLowerCase()
    .pipe(z.enum(['true', 'false', '1', '0', 'yes', 'no', '']))
    .optional()
    .transform((v) => (v === undefined || v === '' ? undefined : ['true', '1', 'yes'].includes(v))),
  /**
   * Stripe's browser SDK (the plan chooser's express checkout); Stripe's own unless a test points
   * it at a Stripe.js-compatible script (the Stripe fake's). Its origin joins the CSP only when
   * the express checkout is offered (STRIPE_PUBLISHABLE_KEY set).
   */
  STRIPE_JS_URL: z.string().trim().url().default(STRIPE_JS_DEFAULT_URL),
};
