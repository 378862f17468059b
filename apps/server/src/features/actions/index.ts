import { DEFAULT_AGENTS_CONFIG } from '../../config/agents-yaml.js';
import type { FeatureModule } from '../../platform/module.js';
import { createActionsRepo } from './repo.js';
import { actionsRoutes } from './routes.js';
import { createActionsService } from './service.js';

/**
 * Actions (LibreChat's): an agent's OpenAPI specs, whose operations become tools its model may
 * call; the server calls the described API with the agent owner's stored auth, only on the hosts
 * librechat.yaml's `actions.allowedDomains` allows.
 */
export const actionsModule: FeatureModule = {
  name: 'actions',
  register({ app, db, config, use, extend }) {
    const actions = createActionsService({
      repo: createActionsRepo(db),
      agents: use('agents'),
      credsKey: config.credsKey,
      allowedDomains: () => config.actions?.allowedDomains,
      agentsConfig: () => config.agents ?? DEFAULT_AGENTS_CONFIG,
    });
    extend('agentToolSources', actions);
    actionsRoutes(app, actions);
  },
};
