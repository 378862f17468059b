import type { FeatureModule } from '../../platform/module.js';
import { createFeedbackRepo } from './repo.js';
import { feedbackRoutes } from './routes.js';
import { createFeedbackService } from './service.js';

/**
 * Message feedback: thumbs up or down on a reply, with a reason and a comment, at LibreChat's
 * PUT /api/messages/:conversationId/:messageId/feedback; the web reads a conversation's ratings
 * with one GET when it opens. Kept in its own table, so the messages feature is not touched.
 */
export const feedbackModule: FeatureModule = {
  name: 'feedback',
  register({ app, db, clock, use }) {
    const feedback = createFeedbackService({
      repo: createFeedbackRepo(db),
      convos: use('convos'),
      messages: use('messages'),
      now: () => new Date(clock()),
    });
    feedbackRoutes(app, { feedback });
  },
};
