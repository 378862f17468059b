import type { FastifyInstance } from 'fastify';
import { API_ROUTES } from '@chat/contract';
import type { AppConfig } from '../../config/app-config.js';
import { addRoute } from '../../platform/typed-route.js';
import { AppError } from '../../platform/errors.js';
import { clearSessionCookies, presentUser } from '../auth/index.js';
import { deleteAccount, type DeleteAccountDeps } from './delete-account.js';

export function accountRoutes(app: FastifyInstance, deps: DeleteAccountDeps & { config: AppConfig }): void {
  // The caller's own profile only: the owner is the token's user, never a field of the body.
  addRoute(app, API_ROUTES.updateUser, async ({ user, body }) => {
    const fields: { name?: string; username?: string | null } = {};
    if (body.name !== undefined) fields.name = body.name;
    if (body.username !== undefined) fields.username = body.username || null;
    const row = await deps.repo.updateProfile(user.id, fields);
    if (!row) throw new AppError('unauthorized', 'User not found');
    return presentUser(row);
  });

  // librechat.yaml's terms dialog, accepted once per user (LibreChat's routes and answers).
  addRoute(app, API_ROUTES.termsStatus, async ({ user }) => ({
    termsAccepted: await deps.repo.termsAccepted(user.id),
  }));
  addRoute(app, API_ROUTES.acceptTerms, async ({ user }) => {
    await deps.repo.acceptTerms(user.id);
    return { message: 'Terms accepted successfully' };
  });

  addRoute(app, API_ROUTES.deleteUser, async ({ user, body, reply }) => {
    await deleteAccount(deps, { userId: user.id, reason: body.reason });
    clearSessionCookies(reply, deps.config);
    return { message: 'User deleted' };
  });
}
