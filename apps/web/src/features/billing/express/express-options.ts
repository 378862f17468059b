import { EXPRESS_CHECKOUT_HEIGHT_PX, PAYMENT_CURRENCY, WEEKLY_BILLING_DAYS, type Plan } from '@chat/contract';
import type {
  ClickResolveDetails,
  StripeElementsOptionsMode,
  StripeExpressCheckoutElementOptions,
} from '@stripe/stripe-js';

/** Elements for a subscription to `plan`: its amount in cents, usd. */
export function elementsOptions(plan: Plan): StripeElementsOptionsMode {
  return { mode: 'subscription', amount: plan.amount, currency: PAYMENT_CURRENCY };
}

export const expressElementOptions: StripeExpressCheckoutElementOptions = {
  // The wallet button is 48 px high.
  buttonHeight: EXPRESS_CHECKOUT_HEIGHT_PX,
};

/**
 * What the wallet sheet shows of the recurring payment: weekly billed as every 7
 * days, yearly as every year; the trial's first charge comes after the trial (then weekly).
 */
export function clickDetails(plan: Plan, label: string, managementURL: string): ClickResolveDetails {
  const weekly = plan.interval === 'week';
  const amount = plan.amount;
  return {
    applePay: {
      recurringPaymentRequest: {
        paymentDescription: label,
        managementURL,
        regularBilling: {
          amount,
          label,
          recurringPaymentIntervalUnit: weekly ? 'day' : 'year',
          recurringPaymentIntervalCount: weekly ? WEEKLY_BILLING_DAYS : 1,
        },
      },
    },
  };
}
