import type { FeatureModule } from '../../platform/module.js';
import { createAccountRepo } from './repo.js';
import { accountRoutes } from './routes.js';

/** The account itself: its profile (PUT /api/user) and its deletion (DELETE /api/user). */
export const accountModule: FeatureModule = {
  name: 'account',
  register({ app, db, config, events, use }) {
    const liveSessions = use('liveSessions');
    const files = use('files');
    const billing = use('billing');
    accountRoutes(app, {
      repo: createAccountRepo(db),
      config,
      endSubscription: (userId) => billing.endSubscriptionOf(userId),
      dropStoredFiles: (userId) => files.deleteAllOf(userId),
      userGone: (userId) => liveSessions.userGone(userId),
      onDeleted: (userId, conversationIds) =>
        events.emit('conversations.deleted', { userId, conversationIds }),
    });
  },
};
