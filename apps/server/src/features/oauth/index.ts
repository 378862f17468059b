import { NO_OAUTH } from '../../config/oauth-config.js';
import type { FeatureModule } from '../../platform/module.js';
import { isEmailDomainAllowed } from '../auth/index.js';
import { createOAuthRepo } from './repo.js';
import { oauthRoutes } from './routes.js';
import { createOAuthService, flowClients } from './service.js';

/**
 * Social, OpenID Connect, Apple and SAML sign-in: /oauth/:provider and its callback (a form POST
 * for Apple and SAML), identities linked to accounts by verified e-mail.
 */
export const oauthModule: FeatureModule = {
  name: 'oauth',
  register({ app, db, config, events, use, extend }) {
    const oauthConfig = config.oauth ?? NO_OAUTH;
    const live = use('liveSessions');
    const oauth = createOAuthService({
      repo: createOAuthRepo(db),
      config: oauthConfig,
      clients: oauthConfig.enabled
        ? flowClients(oauthConfig, {
            userInfoFailed: (reason) =>
              app.log.info({ reason }, 'OpenID userinfo not answered: the id_token’s claims are used'),
          })
        : {},
      signInAs: use('signInAs'),
      sessionsEnded: (families) => Promise.all(families.map((f) => live.ended(f))),
      verifiesEmail: config.mail !== undefined,
      emailDomainAllowed: (email) => isEmailDomainAllowed(email, config),
      onRegistered: (userId) => events.emit('users.registered', { userId }),
      log: app.log,
    });
    extend('logoutRedirects', (userId) => oauth.endSessionRedirect(userId));
    oauthRoutes(app, { oauth, config });
  },
};
