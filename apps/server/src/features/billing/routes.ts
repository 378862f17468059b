import type { FastifyInstance } from 'fastify';
import { API_ROUTES, BILLING_TEXTS } from '@chat/contract';
import { AppError } from '../../platform/errors.js';
import type { Services } from '../../platform/module.js';
import { addRoute } from '../../platform/typed-route.js';
import type { BillingRepo } from './repo.js';
import type { BillingService } from './service.js';
import { receiveStripeEvent, type WebhookDeps } from './webhook.js';

export function billingRoutes(
  app: FastifyInstance,
  deps: {
    repo: BillingRepo;
    /** None when Stripe is not configured: the payment routes answer 404. */
    service: BillingService | null;
    webhook: WebhookDeps | null;
    operator: Services['operator'];
  },
): void {
  const { repo, service, webhook, operator } = deps;
  const enabled = () => {
    if (!service) throw new AppError('not_found', BILLING_TEXTS.subscriptionsDisabled);
    return service;
  };
  addRoute(app, API_ROUTES.createCheckoutSession, async ({ user, body }) =>
    enabled().checkout(user.id, body),
  );
  addRoute(app, API_ROUTES.createPortalSession, async ({ user }) => enabled().portal(user.id));
  addRoute(app, API_ROUTES.createPaymentIntent, async ({ user, body }) =>
    enabled().paymentIntent(user.id, body),
  );
  addRoute(
    app,
    API_ROUTES.stripeWebhook,
    async ({ request }) => receiveStripeEvent(request, webhook, app.log),
    {
      rawBody: true,
    },
  );
  addRoute(
    app,
    API_ROUTES.subscriptionHistory,
    async ({ query }) => ({ history: await repo.history(query.email) }),
    operator.only,
  );
}
