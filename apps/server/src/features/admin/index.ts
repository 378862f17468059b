import { API_ROUTES } from '@chat/contract';
import type { FeatureModule } from '../../platform/module.js';
import { AppError } from '../../platform/errors.js';
import { addRoute } from '../../platform/typed-route.js';
import { sendSession } from '../auth/index.js';
import { createAdminRepo } from './repo.js';

/**
 * The admin panel's own routes (business §2, §6, §7 Admin): the user activity table and
 * impersonation. An impersonation answers the target's session like a login (token, user, the
 * refresh cookie), marked with the operator on its session row and in its tokens (`imp`); the
 * operator's session ends. Such a session reaches no operator route (features/auth's hook) and
 * POST /api/admin/endImpersonation ends it, answering a new session of the operator.
 */
export const adminModule: FeatureModule = {
  name: 'admin',
  register({ app, db, config, use }) {
    const repo = createAdminRepo(db);
    const operator = use('operator');
    const audit = use('audit');
    const impersonation = use('impersonation');

    addRoute(
      app,
      API_ROUTES.getUserActivity,
      async ({ query }) => repo.activity(query.limit, query.skip),
      operator.only,
    );

    addRoute(
      app,
      API_ROUTES.impersonate,
      async ({ user, body, reply }) => {
        const target = await impersonation.findUserByEmail(body.email);
        if (!target || target.deletedAt) throw new AppError('not_found', 'No user with this email');
        const session = await impersonation.impersonate(user.id, user.sid, target);
        await audit.record(user.id, 'impersonate', target.email);
        return sendSession(reply, session, config);
      },
      operator.only,
    );

    const notImpersonating = () => new AppError('forbidden', 'This session is not an impersonation');
    addRoute(
      app,
      API_ROUTES.endImpersonation,
      async ({ user, reply }) => {
        if (!user.imp) throw notImpersonating();
        const viewed = (await impersonation.findUserById(user.id))?.email ?? user.id;
        const session = await impersonation.endImpersonation(user.sid, user.imp);
        // The operator's action, naming whom they had been viewing as.
        await audit.record(user.imp, 'end_impersonation', viewed);
        return sendSession(reply, session, config);
      },
      {
        // Any other session is refused before the request is read.
        authorize: async (user) => {
          if (!user.imp) throw notImpersonating();
        },
      },
    );
  },
};
