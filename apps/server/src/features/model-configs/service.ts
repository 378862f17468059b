import type { ModelConfig, UpdateModelConfigRequest } from '@chat/contract';
import { presentModelConfig } from './presenter.js';
import type { ModelConfigsRepo } from './repo.js';

/**
 * Model configs, read on every ask of that model: kept in memory (one process), replaced when
 * the operator saves. A name without a row is the empty config.
 */
export function createModelConfigsService(repo: ModelConfigsRepo) {
  const cache = new Map<string, Promise<ModelConfig>>();

  return {
    get(name: string): Promise<ModelConfig> {
      let hit = cache.get(name);
      if (!hit) {
        hit = repo.get(name).then((row) => presentModelConfig(name, row));
        // A failed read is not remembered: the next ask reads again.
        hit.catch(() => cache.delete(name));
        cache.set(name, hit);
      }
      return hit;
    },

    async update(name: string, patch: UpdateModelConfigRequest): Promise<ModelConfig> {
      const row = await repo.upsert(name, {
        ...(patch.jailbreakPrompt === undefined ? {} : { jailbreakPrompt: patch.jailbreakPrompt }),
        ...(patch.prefill === undefined ? {} : { prefill: patch.prefill }),
      });
      const config = presentModelConfig(name, row);
      cache.set(name, Promise.resolve(config));
      return config;
    },
  };
}
export type ModelConfigsService = ReturnType<typeof createModelConfigsService>;
