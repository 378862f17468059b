import { NO_OAUTH } from '../../config/oauth-config.js';
import type { FeatureModule } from '../../platform/module.js';
import { isEmailDomainAllowed } from '../auth/index.js';
import { createOAuthRepo } from './repo.js';
import { oauthRoutes } from './routes.js';
import { createOAuthService, flowClients } from './service.js';

/**
 * Social and OpenID Connect sign-in (GitHub, Google, Discord, Facebook, a generic OpenID
 * provider): /oauth/:provider and its callback, identities linked to accounts by verified e-mail.
 */
export const oauthModule: FeatureModule = {
  name: 'oauth',
  register({ app, db, config, events, use }) {
    const oauthConfig = config.oauth ?? NO_OAUTH;
    const live = use('liveSessions');
    const oauth = createOAuthService({
      repo: createOAuthRepo(db),
      config: oauthConfig,
      clients: oauthConfig.enabled ? flowClients(oauthConfig) : {},
      signInAs: use('signInAs'),
      sessionsEnded: (families) => Promise.all(families.map((f) => live.ended(f))),
      verifiesEmail: config.mail !== undefined,
      emailDomainAllowed: (email) => isEmailDomainAllowed(email, config),
      onRegistered: (userId) => events.emit('users.registered', { userId }),
      log: app.log,
    });
    oauthRoutes(app, { oauth, config });
  },
};
