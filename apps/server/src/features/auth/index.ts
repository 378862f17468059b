import { API_ROUTES } from '@chat/contract';
import type { FeatureModule } from '../../platform/module.js';
import { AppError } from '../../platform/errors.js';
import { registerAuthGuard } from '../../platform/auth-guard.js';
import { createLiveSessions, type LiveSessions } from './live-sessions.js';
import { shareLiveSessions } from './shared-sessions.js';
import { createOperator, type Operator } from './operator.js';
import { createAuthRepo } from './repo.js';
import { authRoutes } from './routes.js';
import { createAuthService, type AuthService, type SecondFactorCheck } from './service.js';
import { createIdentityService } from './identity.js';
import { createMailer } from '../../platform/mail/mailer.js';
import { createMemoryLimiter, createRedisLimiter } from '../moderation/index.js';
import { createLoginLimits } from './login-limits.js';

export { presentUser } from './presenter.js';
export { clearSessionCookies, sendSession, setSessionCookies } from './session-cookies.js';
export type { IssuedSession, SignInOutcome } from './service.js';
export { isEmailDomainAllowed } from './allowed-domains.js';
export { insertUserWithIdentity } from './repo.js';

declare module '../../platform/module.js' {
  interface Services {
    /** Whether a session is live; ending one (logout, a ban) takes effect at once. */
    liveSessions: LiveSessions;
    /** The operator (ADMIN_EMAIL's account): model configs and, later, the admin panel. */
    operator: Operator;
    /**
     * Starts a session for a user authenticated elsewhere (social sign-in), with login's checks:
     * the second step's pending answer instead for an account with two-factor authentication.
     */
    signInAs: AuthService['signInAs'];
    /** The session of a user who passed every factor (features/two-factor), with login's checks. */
    finishSignIn: AuthService['finishSignIn'];
    /** The operator's sign-in as another user and back (features/admin). */
    impersonation: Pick<AuthService, 'impersonate' | 'endImpersonation' | 'findUserByEmail' | 'findUserById'>;
  }
}

/**
 * Where a user who signed out goes next, when not /login: an absolute URL (their identity
 * provider's own sign-out), or undefined to leave the choice to the next one.
 */
type LogoutRedirect = (userId: string) => Promise<string | undefined>;

declare module '../../platform/module.js' {
  interface ExtensionPoints {
    logoutRedirects: LogoutRedirect;
    /**
     * Asked before every session a sign-in would start (password, directory, social, free tier):
     * the first pending answer is sent instead (features/two-factor's code step).
     */
    secondFactors: SecondFactorCheck;
  }
}

declare module '../../platform/events.js' {
  interface AppEventMap {
    /** An account was created (the balance gives it its starting credits). */
    'users.registered': { userId: string };
  }
}

/** The operator's routes, by path prefix: an impersonation session is refused all of them. */
const OPERATOR_PATHS = ['/api/admin/', '/api/model-configs/', '/api/user/byEmail/'];

/** Sign-up, login, refresh and logout; and the guard every other /api route is behind. */
export const authModule: FeatureModule = {
  name: 'auth',
  register({ app, db, config, events, clock, redis, provide, extensions }) {
    const repo = createAuthRepo(db);
    const local = createLiveSessions(repo.isSessionLive, {
      accountDeleted: async (userId) => {
        const user = await repo.findUserById(userId);
        return !user || user.deletedAt !== null;
      },
    });
    const liveSessions = redis
      ? shareLiveSessions(local, redis, (err) => app.log.error({ err }, 'announcing a session end failed'))
      : local;
    registerAuthGuard(app, config.jwtSecret, liveSessions);
    provide('liveSessions', liveSessions);
    provide('operator', createOperator(repo, config.adminEmail));
    const onRegistered = (userId: string) => events.emit('users.registered', { userId });
    const mailer = config.mail ? createMailer(config.mail) : undefined;
    const identity = createIdentityService({ repo, config, live: liveSessions, mailer, log: app.log });
    const secondFactor: SecondFactorCheck = async (user) => {
      for (const check of extensions('secondFactors')) {
        const pending = await check(user);
        if (pending) return pending;
      }
      return undefined;
    };
    const auth = createAuthService(repo, config, liveSessions, onRegistered, identity, clock, secondFactor);
    provide('signInAs', auth.signInAs);
    provide('finishSignIn', auth.finishSignIn);
    provide('impersonation', {
      impersonate: auth.impersonate,
      endImpersonation: auth.endImpersonation,
      findUserByEmail: auth.findUserByEmail,
      findUserById: auth.findUserById,
    });
    // An impersonation session is the target's: it never reaches the operator's routes, whoever
    // the target is; it may only end itself (POST /api/admin/endImpersonation).
    app.addHook('onRequest', async (request) => {
      if (!request.auth?.imp) return;
      // The matched route's pattern, not the raw URL (which may spell the same path encoded).
      const path = request.routeOptions.url ?? request.url.split('?')[0] ?? '';
      if (path === API_ROUTES.endImpersonation.path) return;
      if (OPERATOR_PATHS.some((prefix) => path.startsWith(prefix))) {
        throw new AppError('forbidden', 'Only the operator may do this');
      }
    });
    authRoutes(app, {
      auth,
      identity,
      config,
      // Shared by every instance with Redis, so two instances cannot double the limit.
      loginLimits: createLoginLimits(
        redis ? createRedisLimiter(redis) : createMemoryLimiter(clock),
        config.loginRateLimit,
      ),
      async logoutRedirect(userId) {
        for (const redirect of extensions('logoutRedirects')) {
          const to = await redirect(userId);
          if (to) return to;
        }
        return undefined;
      },
    });
  },
};
