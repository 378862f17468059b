import { promptsPolicy } from '@chat/contract';
import type { FeatureModule } from '../../platform/module.js';
import { createPromptsRepo } from './repo.js';
import { promptsRoutes } from './routes.js';
import { createPromptsService } from './service.js';

/**
 * The prompt library at LibreChat's /api/prompts routes: groups of versions with a production
 * one, a `/` command each, shared with everyone by their owner, imported from an exported file.
 * librechat.yaml's `interface.prompts` turns it off (`false`) or limits it (LibreChat's
 * `{ use, create, public }`).
 */
export const promptsModule: FeatureModule = {
  name: 'prompts',
  register({ app, db, config, clock }) {
    const policy = () => promptsPolicy(config.interface?.prompts);
    const prompts = createPromptsService({
      repo: createPromptsRepo(db),
      now: () => new Date(clock()),
      mayShare: () => policy().public,
    });
    promptsRoutes(app, { prompts, policy });
  },
};
