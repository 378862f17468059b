import type { AuditEntry } from '@chat/contract';
import type { AuditLogRow } from '../../db/schema.js';

/** A log row as the operator's audit table reads it. */
export function presentAuditEntry(r: AuditLogRow): AuditEntry {
  return {
    id: r.id,
    actorEmail: r.actorEmail,
    action: r.action,
    target: r.target,
    detail: r.detail,
    createdAt: r.createdAt.toISOString(),
  };
}
