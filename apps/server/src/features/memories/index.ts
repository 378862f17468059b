import type { FeatureModule } from '../../platform/module.js';
import { memoryAgent } from './agent.js';
import { memoryShaper } from './prompt.js';
import { createMemoriesRepo } from './repo.js';
import { memoriesRoutes } from './routes.js';
import { createMemoriesService } from './service.js';

/**
 * Memories: facts about a person (key/value entries with their token counts) at LibreChat's
 * /api/memories routes, under librechat.yaml's `memory` block (validKeys, tokenLimit, charLimit,
 * personalize, messageWindowSize, agent). While memory is on for the person (their preference,
 * where `personalize` lets them choose), every reply's system context carries them
 * (`askPromptShapers`), and with `memory.agent` a model proposes memories after each finished
 * reply (`askReplied`).
 */
export const memoriesModule: FeatureModule = {
  name: 'memories',
  register({ app, db, config, clock, use, extend }) {
    const memories = createMemoriesService({
      repo: createMemoriesRepo(db),
      config: () => config.memory,
      now: () => new Date(clock()),
    });
    extend('askPromptShapers', memoryShaper(memories));
    extend(
      'askReplied',
      memoryAgent({ memories, providers: use('providers'), config: () => config.memory, log: app.log }),
    );
    memoriesRoutes(app, { memories, enabled: () => config.memory !== undefined });
    // What the client needs of the block while memory is on: the personalize switch, the keys.
    extend('startupConfig', {
      name: 'memories',
      part: () =>
        config.memory
          ? {
              memory: {
                personalize: config.memory.personalize,
                ...(config.memory.validKeys ? { validKeys: config.memory.validKeys } : {}),
              },
            }
          : {},
    });
  },
};
