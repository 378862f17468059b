import type { FeatureModule } from '../../platform/module.js';
import { registerAuthGuard } from '../../platform/auth-guard.js';
import { createLiveSessions, type LiveSessions } from './live-sessions.js';
import { createOperator, type Operator } from './operator.js';
import { createAuthRepo } from './repo.js';
import { authRoutes } from './routes.js';
import { createAuthService, type AuthService } from './service.js';
import { createIdentityService } from './identity.js';
import { createMailer } from '../../platform/mail/mailer.js';

export { presentUser } from './presenter.js';
export { REFRESH_COOKIE, refreshCookieFlags } from './routes.js';
export type { IssuedSession } from './service.js';
export { isEmailDomainAllowed } from './allowed-domains.js';

declare module '../../platform/module.js' {
  interface Services {
    /** Whether a session is live; ending one (logout, a ban) takes effect at once. */
    liveSessions: LiveSessions;
    /** The operator (ADMIN_EMAIL's account): model configs and, later, the admin panel. */
    operator: Operator;
    /** Starts a session for a user authenticated elsewhere (social sign-in), with login's checks. */
    signInAs: AuthService['signInAs'];
  }
}

declare module '../../platform/events.js' {
  interface AppEventMap {
    /** An account was created (the balance gives it its starting credits). */
    'users.registered': { userId: string };
    /** Login attempts past LOGIN_MAX named this email (a violation of its account, if any). */
    'auth.loginLimited': { email: string };
  }
}

/** Sign-up, login, refresh and logout; and the guard every other /api route is behind. */
export const authModule: FeatureModule = {
  name: 'auth',
  register({ app, db, config, events, clock, provide }) {
    const repo = createAuthRepo(db);
    const liveSessions = createLiveSessions(repo.isSessionLive, {
      accountDeleted: async (userId) => {
        const user = await repo.findUserById(userId);
        return !user || user.deletedAt !== null;
      },
    });
    registerAuthGuard(app, config.jwtSecret, liveSessions);
    provide('liveSessions', liveSessions);
    provide('operator', createOperator(repo, config.adminEmail));
    const onRegistered = (userId: string) => events.emit('users.registered', { userId });
    const mailer = config.mail ? createMailer(config.mail) : undefined;
    const identity = createIdentityService({ repo, config, live: liveSessions, mailer, log: app.log });
    const auth = createAuthService(repo, config, liveSessions, onRegistered, identity, clock);
    provide('signInAs', auth.signInAs);
    authRoutes(app, {
      auth,
      identity,
      config,
      onLoginLimited: (email) => events.emit('auth.loginLimited', { email }),
    });
  },
};
