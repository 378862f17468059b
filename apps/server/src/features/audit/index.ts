import type { AuditAction } from '@chat/contract';
import type { FeatureModule } from '../../platform/module.js';
import { createAuditRepo } from './repo.js';
import { auditRoutes } from './routes.js';

type AuditDetail = Record<string, string | number | boolean | null>;

interface AuditLog {
  /**
   * Records what the operator (`actorId`) did to `target` (an email, or a model config's name).
   * Awaited by the route that acted, after the change: an answer means it is in the log.
   */
  record(actorId: string, action: AuditAction, target: string, detail?: AuditDetail): Promise<void>;
}

declare module '../../platform/module.js' {
  interface Services {
    /** The admin panel's audit log (features/audit). */
    audit: AuditLog;
  }
}

/**
 * The audit log of the operator's actions (impersonation, bans, role grants, model configs) and
 * GET /api/admin/getAuditLog. Listed right after auth: the features that act record through it.
 */
export const auditModule: FeatureModule = {
  name: 'audit',
  register({ app, db, clock, use, provide }) {
    const repo = createAuditRepo(db);
    const operator = use('operator');
    provide('audit', {
      async record(actorId, action, target, detail = {}) {
        const actorEmail = (await repo.emailOf(actorId)) ?? '';
        await repo.insert({ actorId, actorEmail, action, target, detail, createdAt: new Date(clock()) });
      },
    });

    auditRoutes(app, { repo, operator });
  },
};
