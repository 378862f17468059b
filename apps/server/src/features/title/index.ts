import type { FeatureModule } from '../../platform/module.js';
import { createTitleService, type TitleService } from './service.js';
import { shareTitles } from './shared-titles.js';

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
  register({ app, redis, provide, use }) {
    const local = createTitleService({ providers: use('providers'), convos: use('convos'), log: app.log });
    // Several instances: a title being written on one is waited for on the others.
    const titles = redis ? shareTitles(local, redis, app.log) : local;
    provide('titles', titles);
    provide('titleSettled', (id) => titles.settled(id));
  },
};
