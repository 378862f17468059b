import { bookmarksOn } from '../../config/yaml-interface.js';
import type { FeatureModule } from '../../platform/module.js';
import { createConvosRepo, type ConvosRepo } from './repo.js';
import { convosRoutes } from './routes.js';
import { createConvosService } from './service.js';

export { createConvosRepo, type ConvosRepo } from './repo.js';
export { presentConversation } from './presenter.js';

declare module '../../platform/module.js' {
  interface Services {
    convos: ConvosRepo;
  }
}
declare module '../../platform/events.js' {
  interface AppEventMap {
    /** Conversations a user deleted (running replies in them stop). */
    'conversations.deleted': { userId: string; conversationIds: string[] };
  }
}

/** The user's conversations: list, read, rename, delete, and the generated title. */
export const convosModule: FeatureModule = {
  name: 'convos',
  register({ app, db, config, events, provide, use }) {
    const repo = createConvosRepo(db);
    provide('convos', repo);
    const service = createConvosService({
      repo,
      onDeleted: (userId, conversationIds) =>
        events.emit('conversations.deleted', { userId, conversationIds }),
      // The title feature registers later; asked per request.
      titleSettled: (id) => use('titleSettled')(id),
    });
    convosRoutes(app, { convos: service, bookmarksOn: () => bookmarksOn(config.interface) });
  },
};
