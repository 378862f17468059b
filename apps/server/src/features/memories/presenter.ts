import type { MemoryEntry } from '@chat/contract';
import type { MemoryEntryRow } from '../../db/schema.js';

/** A memory as LibreChat answers it. */
export const presentMemory = (row: MemoryEntryRow): MemoryEntry => ({
  key: row.key,
  value: row.value,
  tokenCount: row.tokenCount,
  updated_at: row.updatedAt.toISOString(),
});
