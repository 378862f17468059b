import type { Passkey } from '@chat/contract';
import type { PasskeyRow } from '../../db/schema.js';

/** A passkey as its owner sees it: never its key or credential id. */
export function presentPasskey(row: PasskeyRow): Passkey {
  return {
    id: row.id,
    name: row.name,
    createdAt: row.createdAt.toISOString(),
    lastUsedAt: row.lastUsedAt?.toISOString() ?? null,
    backedUp: row.backedUp,
  };
}
