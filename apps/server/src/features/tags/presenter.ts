import type { ConversationTag } from '@chat/contract';
import type { ConversationTagRow } from '../../db/schema.js';

/** A tag as LibreChat answers it, with the number of the owner's conversations carrying it. */
export const presentTag = (row: ConversationTagRow, count: number): ConversationTag => ({
  tag: row.tag,
  user: row.userId,
  description: row.description,
  count,
  position: row.position,
  createdAt: row.createdAt.toISOString(),
  updatedAt: row.updatedAt.toISOString(),
});
