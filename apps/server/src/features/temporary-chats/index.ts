import type { FeatureModule } from '../../platform/module.js';
import { createTemporaryChatsRepo } from './repo.js';
import { createTemporaryChats, type TemporaryChats } from './service.js';

export type { TemporaryChats } from './service.js';

declare module '../../platform/module.js' {
  interface Services {
    /** The sweep of ended temporary chats (tests run it after moving the clock on). */
    temporaryChats: Pick<TemporaryChats, 'sweep'>;
  }
}

/**
 * How often ended temporary chats are looked for: a minute, as often as LibreChat's database
 * removes expired documents, so one is gone soon after its end.
 */
const SWEEP_MS = 60_000;

/**
 * Temporary chats: a new conversation sent with `isTemporary` ends `interface.temporaryChatRetention`
 * hours after its last message; until then its owner reads and continues it, but the list and
 * search leave it out; then the sweep deletes it with its messages. Every instance sweeps.
 */
export const temporaryChatsModule: FeatureModule = {
  name: 'temporary-chats',
  register({ app, db, config, clock, events, extend, provide }) {
    const chats = createTemporaryChats({
      repo: createTemporaryChatsRepo(db),
      interface: () => config.interface,
      clock,
      onDeleted: (userId, conversationIds) =>
        events.emit('conversations.deleted', { userId, conversationIds }),
    });
    extend('askExpiry', chats.expiry);
    provide('temporaryChats', { sweep: () => chats.sweep() });

    const sweep = () =>
      void chats
        .sweep()
        .catch((err: unknown) => app.log.warn({ err }, 'deleting ended temporary chats failed'));
    const timer = setInterval(sweep, SWEEP_MS);
    timer.unref();
    app.addHook('onReady', async () => sweep());
    app.addHook('onClose', async () => {
      clearInterval(timer);
      await chats.idle();
    });
  },
};
