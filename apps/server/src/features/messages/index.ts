import type { FeatureModule } from '../../platform/module.js';
import { createMessagesRepo, type MessagesRepo } from './repo.js';
import { messagesRoutes } from './routes.js';
import { createMessagesService } from './service.js';

export { createMessagesRepo, type MessagePatch, type MessagesRepo, type NewMessage } from './repo.js';
export { presentMessage } from './presenter.js';

declare module '../../platform/module.js' {
  interface Services {
    messages: MessagesRepo;
  }
}

/** A conversation's messages, and "save only" edits. */
export const messagesModule: FeatureModule = {
  name: 'messages',
  register({ app, db, provide, use }) {
    const repo = createMessagesRepo(db);
    provide('messages', repo);
    messagesRoutes(app, { messages: createMessagesService({ repo, convos: use('convos') }) });
  },
};
