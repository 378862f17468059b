import type { FastifyInstance } from 'fastify';
import { API_ROUTES } from '@chat/contract';
import type { ModerationConfig } from '../../config/app-config.js';
import { AppError } from '../../platform/errors.js';
import type { Services } from '../../platform/module.js';
import { addRoute } from '../../platform/typed-route.js';
import type { ModerationService } from './service.js';

export function moderationRoutes(
  app: FastifyInstance,
  deps: {
    moderation: ModerationService;
    settings: ModerationConfig;
    operator: Services['operator'];
    audit: Services['audit'];
  },
): void {
  const { moderation, settings, operator, audit } = deps;
  addRoute(
    app,
    API_ROUTES.banUser,
    async ({ user, body }) => {
      const target = await moderation.findUser(body.email);
      if (!target) throw new AppError('not_found', 'No user with this email');
      // The operator's own ban would lock the only operator out until it ended. (No "ban" in the
      // text: the web ends the session of whoever reads an error containing it.)
      if (target.id === user.id)
        throw new AppError('validation_error', "The operator's own account cannot be suspended");
      const duration = body.duration ?? settings.banDurationMs;
      const reason = body.reason || null;
      const until = await moderation.ban(target.id, duration, reason);
      await audit.record(user.id, 'ban', target.email, { duration, reason, until: until.toISOString() });
      return { email: target.email, username: target.username, expiresAt: until.toISOString(), reason };
    },
    operator.only,
  );
  addRoute(
    app,
    API_ROUTES.unbanUser,
    async ({ user, body }) => {
      const target = await moderation.findUser(body.email);
      if (!target) throw new AppError('not_found', 'No user with this email');
      await moderation.unban(target.id);
      await audit.record(user.id, 'unban', target.email);
      return { email: target.email };
    },
    operator.only,
  );
  addRoute(app, API_ROUTES.getBannedUsers, async () => moderation.bannedUsers(), operator.only);
  addRoute(
    app,
    API_ROUTES.getTopViolationsThisMonth,
    async () => moderation.topViolationsThisMonth(),
    operator.only,
  );
}
