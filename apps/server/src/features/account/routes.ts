import type { FastifyInstance } from 'fastify';
import { API_ROUTES } from '@chat/contract';
import type { AppConfig } from '../../config/app-config.js';
import { addRoute } from '../../platform/typed-route.js';
import { REFRESH_COOKIE, refreshCookieFlags } from '../auth/index.js';
import { deleteAccount, type DeleteAccountDeps } from './delete-account.js';

export function accountRoutes(app: FastifyInstance, deps: DeleteAccountDeps & { config: AppConfig }): void {
  addRoute(app, API_ROUTES.deleteUser, async ({ user, body, reply }) => {
    await deleteAccount(deps, { userId: user.id, reason: body.reason });
    reply.clearCookie(REFRESH_COOKIE, refreshCookieFlags(deps.config));
    return { message: 'User deleted' };
  });
}
