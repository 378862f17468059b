import type { FastifyInstance } from 'fastify';
import { API_ROUTES } from '@chat/contract';
import { addRoute } from '../../platform/typed-route.js';
import type { FeedbackService } from './service.js';

export function feedbackRoutes(app: FastifyInstance, { feedback }: { feedback: FeedbackService }): void {
  addRoute(app, API_ROUTES.updateMessageFeedback, async ({ user, params, body }) => ({
    messageId: params.messageId,
    conversationId: params.conversationId,
    feedback: await feedback.rate(user.id, params.conversationId, params.messageId, body.feedback ?? null),
  }));
  addRoute(app, API_ROUTES.conversationFeedback, async ({ user, params }) =>
    feedback.ofConversation(user.id, params.conversationId),
  );
}
