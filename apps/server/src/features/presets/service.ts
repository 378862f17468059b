import { randomUUID } from 'node:crypto';
import {
  conversationOptionsSchema,
  DEFAULT_PRESET_TITLE,
  PRESET_LIMITS,
  type ConversationOptions,
  type Preset,
  type SavePresetRequest,
} from '@chat/contract';
import { AppError } from '../../platform/errors.js';
import { presentPreset } from './presenter.js';
import type { PresetsRepo } from './repo.js';

const OPTION_KEYS = Object.keys(conversationOptionsSchema.shape).filter(
  (k) => k !== 'model',
) as (keyof ConversationOptions)[];

/** The conversation options of a save body, unset values left out (model has its own column). */
function optionsOf(body: SavePresetRequest): ConversationOptions {
  const out: Record<string, unknown> = {};
  for (const k of OPTION_KEYS) if (body[k] !== undefined && body[k] !== null) out[k] = body[k];
  return out as ConversationOptions;
}

/** Presets: owner-only; a preset of another user is not found. */
export function createPresetsService(repo: PresetsRepo) {
  return {
    async list(userId: string): Promise<Preset[]> {
      return (await repo.list(userId)).map(presentPreset);
    },

    async save(userId: string, body: SavePresetRequest): Promise<Preset> {
      const create = !body.presetId;
      // A presetId that is not one of the caller's presets is not found (another user's is never
      // touched, and never told apart from one that does not exist).
      if (body.presetId && !(await repo.exists(userId, body.presetId))) {
        throw new AppError('not_found', 'Preset not found');
      }
      if (create && (await repo.count(userId)) >= PRESET_LIMITS.maxPresets) {
        throw new AppError('validation_error', `At most ${PRESET_LIMITS.maxPresets} presets can be kept`);
      }
      const presetId = create ? randomUUID() : body.presetId!;
      const row = await repo.save(
        userId,
        presetId,
        {
          title: body.title?.trim() || DEFAULT_PRESET_TITLE,
          endpoint: body.endpoint,
          model: body.model ?? null,
          options: optionsOf(body),
          defaultPreset: body.defaultPreset === true,
          order: body.order ?? null,
        },
        create,
      );
      if (!row) throw new AppError('not_found', 'Preset not found');
      return presentPreset(row);
    },

    async delete(userId: string, presetId: string | null | undefined) {
      const deletedCount = await repo.delete(userId, presetId ?? undefined);
      if (presetId && deletedCount === 0) throw new AppError('not_found', 'Preset not found');
      return { acknowledged: true, deletedCount };
    },
  };
}

export type PresetsService = ReturnType<typeof createPresetsService>;
