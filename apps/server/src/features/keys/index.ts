import type { FeatureModule } from '../../platform/module.js';
import type { UserKeyStore } from '../../providers/credentials.js';
import { createKeysRepo } from './repo.js';
import { keysRoutes } from './routes.js';
import { createKeysService } from './service.js';

declare module '../../platform/module.js' {
  interface Services {
    /** Users' own provider keys, decrypted for the credentials resolver only. */
    userKeys: UserKeyStore;
  }
}

/** How often expired keys are deleted (they already count as absent once expired). */
const SWEEP_MS = 10 * 60_000;

/** Users' own provider keys. */
export const keysModule: FeatureModule = {
  name: 'keys',
  register({ app, db, config, provide }) {
    const repo = createKeysRepo(db);
    const keys = createKeysService({
      repo,
      credsKey: config.credsKey,
      endpoints: () => config.endpoints,
      userURLPolicy: config.userURLPolicy,
    });
    provide('userKeys', keys.store);
    keysRoutes(app, keys);

    const sweep = () =>
      void repo
        .removeExpired()
        .catch((err: unknown) => app.log.warn({ err }, 'deleting expired keys failed'));
    const timer = setInterval(sweep, SWEEP_MS);
    timer.unref();
    app.addHook('onReady', async () => sweep());
    app.addHook('onClose', async () => clearInterval(timer));
  },
};
