import { describe, expect, it } from 'vitest';
import { sendDecision } from './decision';
import { isCheckoutReturn, refusalDialog } from './session';
import { effectivePlan, planOptions } from './plans';

const NOW = Date.parse('2026-11-24T12:00:00Z');
const later = '2026-12-01T00:00:00Z';
const earlier = '2026-11-01T00:00:00Z';

describe('the send decision', () => {
  it('sends for a valid status with a future end', () => {
    for (const status of ['trialing', 'active', 'incomplete', 'canceled']) {
      expect(sendDecision({ subscriptionStatus: status, subscriptionEnd: later }, NOW)).toBe('send');
    }
  });

  it('asks for a plan when the end has passed, is missing, or there is no subscription', () => {
    expect(sendDecision({ subscriptionStatus: 'active', subscriptionEnd: earlier }, NOW)).toBe('plans');
    expect(sendDecision({ subscriptionStatus: 'canceled', subscriptionEnd: null }, NOW)).toBe('plans');
    expect(sendDecision({ subscriptionStatus: null, subscriptionEnd: null }, NOW)).toBe('plans');
  });

  it('sends the billing portal cases there, not to a second checkout', () => {
    for (const status of ['incomplete_expired', 'paused', 'incomplete']) {
      expect(sendDecision({ subscriptionStatus: status, subscriptionEnd: earlier }, NOW)).toBe('payment');
    }
    expect(sendDecision({ subscriptionStatus: 'incomplete_expired', subscriptionEnd: later }, NOW)).toBe(
      'payment',
    );
  });

  it('asks past_due and unpaid to update their payment method, even with a future end', () => {
    expect(sendDecision({ subscriptionStatus: 'past_due', subscriptionEnd: later }, NOW)).toBe('payment');
    expect(sendDecision({ subscriptionStatus: 'unpaid', subscriptionEnd: earlier }, NOW)).toBe('payment');
  });

  it("maps the server's 402 codes to their dialogs and nothing else", () => {
    expect(refusalDialog('subscription_required')).toBe('plans');
    expect(refusalDialog('subscription_past_due')).toBe('payment');
    expect(refusalDialog('no_user_key')).toBeNull();
    expect(refusalDialog(undefined)).toBeNull();
  });
});

describe('the plan chooser', () => {
  it('offers the trial first while its toggle is on, else Weekly Access; Yearly saves 70%', () => {
    expect(planOptions(true).map((p) => [p.id, p.name, p.price])).toEqual([
      ['trial', '3-DAY FREE TRIAL', '$5.99'],
      ['yearly', 'Yearly', '$89.99'],
    ]);
    expect(planOptions(false).map((p) => p.name)).toEqual(['Weekly Access', 'Yearly']);
    expect(planOptions(false)[1]?.badge).toBe('Save 70%');
  });

  it('falls back from the trial to weekly for a user who is not eligible', () => {
    expect(effectivePlan('trial', false)).toBe('weekly');
    expect(effectivePlan('trial', true)).toBe('trial');
    expect(effectivePlan('yearly', false)).toBe('yearly');
    expect(effectivePlan(null, true)).toBeNull();
  });

  it("knows the return from a paid checkout (Checkout's success URL, the wallet path's)", () => {
    expect(isCheckoutReturn('?checkout=success')).toBe(true);
    expect(isCheckoutReturn('?redirect_status=succeeded&payment_intent=pi_1')).toBe(true);
    expect(isCheckoutReturn('?redirect_status=failed')).toBe(false);
    expect(isCheckoutReturn('')).toBe(false);
  });
});
