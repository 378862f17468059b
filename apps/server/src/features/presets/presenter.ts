import type { Preset } from '@chat/contract';
import type { PresetRow } from '../../db/schema.js';

/** A saved preset as the API answers it: its options spread, its own columns over them. */
export function presentPreset(row: PresetRow): Preset {
  return {
    ...row.options,
    presetId: row.presetId,
    title: row.title,
    user: row.userId,
    endpoint: row.endpoint,
    model: row.model,
    defaultPreset: row.defaultPreset,
    order: row.order,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}
