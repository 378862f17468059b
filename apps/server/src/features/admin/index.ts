import type { FeatureModule } from '../../platform/module.js';
import { createAdminRepo } from './repo.js';
import { adminRoutes } from './routes.js';

/**
 * The admin panel's own routes: the user activity table and
 * impersonation. An impersonation answers the target's session like a login (token, user, the
 * refresh cookie), marked with the operator on its session row and in its tokens (`imp`); the
 * operator's session ends. Such a session reaches no operator route (features/auth's hook) and
 * POST /api/admin/endImpersonation ends it, answering a new session of the operator.
 */
export const adminModule: FeatureModule = {
  name: 'admin',
  register({ app, db, config, use }) {
    adminRoutes(app, {
      repo: createAdminRepo(db),
      config,
      operator: use('operator'),
      audit: use('audit'),
      impersonation: use('impersonation'),
    });
  },
};
