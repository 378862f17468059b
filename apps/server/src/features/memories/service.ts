import type { z } from 'zod';
import {
  MEMORY_ISSUE_KEYS,
  MEMORY_LIMITS,
  MEMORY_TEXTS,
  memoryUsagePercentage,
  VALIDATION_TEXTS,
  type MemoriesList,
  type MemoryConfig,
  type MemoryEntry,
  type createMemoryBodySchema,
  type updateMemoryBodySchema,
} from '@chat/contract';
import type { MemoryEntryRow } from '../../db/schema.js';
import { AppError } from '../../platform/errors.js';
import { countText } from '../../providers/token-count.js';
import { presentMemory } from './presenter.js';
import type { MemoriesRepo, MemoryQueries } from './repo.js';

type CreateMemory = z.output<typeof createMemoryBodySchema>;
type UpdateMemory = z.output<typeof updateMemoryBodySchema>;

/** A refusal of one field, with the i18n key the web translates. */
const refuse = (path: 'key' | 'value', message: string, key: string) =>
  new AppError('validation_error', message, [{ path, message, key }]);

const notFound = () => new AppError('not_found', MEMORY_TEXTS.notFound);

/**
 * Memories as LibreChat keeps them: keys unique per person, each value's tokens counted once when
 * written, librechat.yaml's `validKeys`, `charLimit` and `tokenLimit` held on every write, by the
 * person's forms and by the memory agent alike.
 */
export function createMemoriesService(deps: {
  repo: MemoriesRepo;
  /** librechat.yaml `memory` (read per call); undefined: memory is off. */
  config: () => MemoryConfig | undefined;
  now: () => Date;
}) {
  const { repo, now } = deps;
  const settings = (): MemoryConfig => {
    const config = deps.config();
    if (!config) throw new AppError('forbidden', MEMORY_TEXTS.disabled);
    return config;
  };

  /** `key` may be kept under `validKeys`. */
  const checkKey = (config: MemoryConfig, key: string) => {
    if (key.length > MEMORY_LIMITS.keyMaxChars)
      throw refuse('key', VALIDATION_TEXTS.com_ui_memory_key_too_long, 'com_ui_memory_key_too_long');
    if (config.validKeys && !config.validKeys.includes(key))
      throw refuse('key', MEMORY_TEXTS.keyNotAllowed(config.validKeys), MEMORY_ISSUE_KEYS.keyNotAllowed);
  };
  const checkValue = (config: MemoryConfig, value: string) => {
    if (value.length > config.charLimit)
      throw refuse(
        'value',
        MEMORY_TEXTS.valueTooLong(config.charLimit, value.length),
        MEMORY_ISSUE_KEYS.valueTooLong,
      );
  };
  /** Within the token limit once `tokenCount` replaces `replacing` tokens of what is kept. */
  const checkTokens = async (
    q: MemoryQueries,
    config: MemoryConfig,
    userId: string,
    tokenCount: number,
    replacing: number,
  ) => {
    const usage = await q.usage(userId);
    if (config.tokenLimit !== undefined && usage.tokens - replacing + tokenCount > config.tokenLimit)
      throw refuse(
        'value',
        MEMORY_TEXTS.overTokenLimit(config.tokenLimit, usage.tokens),
        MEMORY_ISSUE_KEYS.overTokenLimit,
      );
    return usage;
  };

  /** Writes `value` under `key`, a new memory or over the one kept there (the agent's set_memory). */
  async function put(userId: string, key: string, value: string): Promise<MemoryEntryRow> {
    const config = settings();
    checkKey(config, key);
    checkValue(config, value);
    const tokenCount = countText(value);
    return repo.atomically(userId, async (q) => {
      const existing = await q.get(userId, key);
      const usage = await checkTokens(q, config, userId, tokenCount, existing?.tokenCount ?? 0);
      if (existing) return (await q.update(userId, key, { key, value, tokenCount }, now()))!;
      if (usage.entries >= MEMORY_LIMITS.maxEntriesPerUser)
        throw new AppError('validation_error', MEMORY_TEXTS.tooMany);
      return q.insert(userId, { key, value, tokenCount }, now());
    });
  }

  /** Whether the person's memories are used: on unless they turned them off where they may. */
  async function inUse(userId: string): Promise<boolean> {
    const config = deps.config();
    if (!config) return false;
    return !config.personalize || (await repo.preference(userId));
  }

  return {
    /** GET /api/memories. */
    async list(userId: string): Promise<MemoriesList> {
      const config = settings();
      const [rows, memories] = await Promise.all([repo.list(userId), repo.preference(userId)]);
      const totalTokens = rows.reduce((sum, r) => sum + r.tokenCount, 0);
      return {
        memories: rows.map(presentMemory),
        totalTokens,
        tokenLimit: config.tokenLimit ?? null,
        charLimit: config.charLimit,
        usagePercentage: memoryUsagePercentage(totalTokens, config.tokenLimit),
        personalization: { memories },
      };
    },

    /** POST /api/memories: a new key (409 when it is kept already). */
    async create(userId: string, body: CreateMemory): Promise<MemoryEntry> {
      const config = settings();
      checkKey(config, body.key);
      checkValue(config, body.value);
      const tokenCount = countText(body.value);
      return repo.atomically(userId, async (q) => {
        if (await q.get(userId, body.key)) throw new AppError('conflict', MEMORY_TEXTS.exists);
        const usage = await checkTokens(q, config, userId, tokenCount, 0);
        if (usage.entries >= MEMORY_LIMITS.maxEntriesPerUser)
          throw new AppError('validation_error', MEMORY_TEXTS.tooMany);
        return presentMemory(await q.insert(userId, { key: body.key, value: body.value, tokenCount }, now()));
      });
    },

    /** PATCH /api/memories/:key: a new value, moved to `body.key` when it names another key. */
    async update(userId: string, key: string, body: UpdateMemory): Promise<MemoryEntry> {
      const config = settings();
      const newKey = body.key ?? key;
      if (newKey !== key) checkKey(config, newKey);
      checkValue(config, body.value);
      const tokenCount = countText(body.value);
      return repo.atomically(userId, async (q) => {
        const existing = await q.get(userId, key);
        if (!existing) throw notFound();
        if (newKey !== key && (await q.get(userId, newKey)))
          throw new AppError('conflict', MEMORY_TEXTS.exists);
        await checkTokens(q, config, userId, tokenCount, existing.tokenCount);
        const row = await q.update(userId, key, { key: newKey, value: body.value, tokenCount }, now());
        if (!row) throw notFound();
        return presentMemory(row);
      });
    },

    /** DELETE /api/memories/:key. */
    async remove(userId: string, key: string): Promise<void> {
      settings();
      if (!(await repo.remove(userId, key))) throw notFound();
    },

    /** PATCH /api/memories/preferences (403 where `memory.personalize` is false). */
    async setPreference(userId: string, memories: boolean): Promise<{ memories: boolean }> {
      const config = settings();
      if (!config.personalize) throw new AppError('forbidden', MEMORY_TEXTS.personalizeOff);
      await repo.setPreference(userId, memories, now());
      return { memories };
    },

    inUse,

    /** The memories a reply may use: none while memory is off for this person. */
    async forPrompt(userId: string): Promise<MemoryEntryRow[]> {
      if (!(await inUse(userId))) return [];
      return repo.list(userId);
    },

    put,

    /** Deletes a memory if it is kept (the agent's delete_memory); whether it was. */
    async drop(userId: string, key: string): Promise<boolean> {
      settings();
      return repo.remove(userId, key);
    },
  };
}
export type MemoriesService = ReturnType<typeof createMemoriesService>;
