import { describe, expect, it } from 'vitest';
import {
  PLANS,
  canSendWithSubscription,
  formatCents,
  needsPaymentAttention,
  opensBillingPortal,
} from './billing.js';

const NOW = Date.parse('2026-06-01T00:00:00Z');
const later = '2026-06-02T00:00:00.000Z';
const earlier = '2026-05-31T00:00:00.000Z';

describe('billing rules', () => {
  it('prices the plans in cents, shown with 2 decimals', () => {
    expect([PLANS.weekly.amount, PLANS.yearly.amount, PLANS.trial.amount]).toEqual([599, 8999, 599]);
    expect([PLANS.weekly.price, PLANS.yearly.price]).toEqual(['$5.99', '$89.99']);
    expect(PLANS.yearly.badge).toBe('Save 70%');
    expect(PLANS.trial.name).toBe('3-DAY FREE TRIAL');
    expect(PLANS.weekly.name).toBe('Weekly Access');
    expect(formatCents(5)).toBe('$0.05');
  });

  it('allows sending for a valid status with a future end only', () => {
    for (const status of ['trialing', 'active', 'incomplete', 'canceled']) {
      expect(canSendWithSubscription({ subscriptionStatus: status, subscriptionEnd: later }, NOW)).toBe(true);
      expect(canSendWithSubscription({ subscriptionStatus: status, subscriptionEnd: earlier }, NOW)).toBe(
        false,
      );
      expect(canSendWithSubscription({ subscriptionStatus: status, subscriptionEnd: null }, NOW)).toBe(false);
    }
    for (const status of ['past_due', 'unpaid', 'incomplete_expired', 'paused', 'weird', null]) {
      expect(canSendWithSubscription({ subscriptionStatus: status, subscriptionEnd: later }, NOW)).toBe(
        false,
      );
    }
    expect(needsPaymentAttention({ subscriptionStatus: 'past_due' })).toBe(true);
    expect(needsPaymentAttention({ subscriptionStatus: 'unpaid' })).toBe(true);
    expect(needsPaymentAttention({ subscriptionStatus: 'canceled' })).toBe(false);
  });

  it('sends to the portal with a future end or a status needing it, else to checkout', () => {
    expect(opensBillingPortal({ subscriptionStatus: 'canceled', subscriptionEnd: later }, NOW)).toBe(true);
    expect(opensBillingPortal({ subscriptionStatus: 'canceled', subscriptionEnd: earlier }, NOW)).toBe(false);
    for (const status of ['incomplete', 'incomplete_expired', 'past_due', 'unpaid', 'paused']) {
      expect(opensBillingPortal({ subscriptionStatus: status, subscriptionEnd: earlier }, NOW)).toBe(true);
    }
    expect(opensBillingPortal({ subscriptionStatus: null, subscriptionEnd: null }, NOW)).toBe(false);
  });
});
