import type { FeatureModule } from '../../platform/module.js';
import { registerAuthGuard } from '../../platform/auth-guard.js';
import { createLiveSessions, type LiveSessions } from './live-sessions.js';
import { createOperator, type Operator } from './operator.js';
import { createAuthRepo } from './repo.js';
import { authRoutes } from './routes.js';
import { createAuthService } from './service.js';

declare module '../../platform/module.js' {
  interface Services {
    /** Whether a session is live; ending one (logout, a ban) takes effect at once. */
    liveSessions: LiveSessions;
    /** The operator (ADMIN_EMAIL's account): model configs and, later, the admin panel. */
    operator: Operator;
  }
}

/** Sign-up, login, refresh and logout; and the guard every other /api route is behind. */
export const authModule: FeatureModule = {
  name: 'auth',
  register({ app, db, config, provide }) {
    const repo = createAuthRepo(db);
    const liveSessions = createLiveSessions(repo.isSessionLive);
    registerAuthGuard(app, config.jwtSecret, liveSessions);
    provide('liveSessions', liveSessions);
    provide('operator', createOperator(repo, config.adminEmail));
    authRoutes(app, { auth: createAuthService(repo, config, liveSessions), config });
  },
};
