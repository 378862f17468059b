import type { FeatureModule } from '../../platform/module.js';
import { createTitleService, type TitleService } from './service.js';

export type { TitleService } from './service.js';

declare module '../../platform/module.js' {
  interface Services {
    titles: TitleService;
    /** Resolves once the title being written for that conversation, if any, is saved. */
    titleSettled: (conversationId: string) => Promise<void>;
  }
}

/** Conversation titles written by the model after the first reply. */
export const titleModule: FeatureModule = {
  name: 'title',
  register({ app, provide, use }) {
    const titles = createTitleService({ providers: use('providers'), convos: use('convos'), log: app.log });
    provide('titles', titles);
    provide('titleSettled', (id) => titles.settled(id));
  },
};
