import { API_ROUTES, type AuditAction, type AuditEntry } from '@chat/contract';
import type { FeatureModule } from '../../platform/module.js';
import { addRoute } from '../../platform/typed-route.js';
import { createAuditRepo } from './repo.js';

export type AuditDetail = Record<string, string | number | boolean | null>;

export interface AuditLog {
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

    addRoute(
      app,
      API_ROUTES.getAuditLog,
      async ({ query }) => {
        const { rows, total } = await repo.page(query.limit, query.skip);
        const entries: AuditEntry[] = rows.map((r) => ({
          id: r.id,
          actorEmail: r.actorEmail,
          action: r.action,
          target: r.target,
          detail: r.detail,
          createdAt: r.createdAt.toISOString(),
        }));
        return { entries, total };
      },
      operator.only,
    );
  },
};
