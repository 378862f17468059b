import type { FeatureModule } from '../../platform/module.js';
import { agentOptionsConfigurer, createAgentChat, type AgentToolSource } from './chat.js';
import { createAgentsRepo } from './repo.js';
import { agentsRoutes } from './routes.js';
import { createAgentsService, type AgentsService } from './service.js';
import { DEFAULT_AGENTS_CONFIG } from '../../config/agents-yaml.js';

export type { AgentsService } from './service.js';

declare module '../../platform/module.js' {
  interface Services {
    agents: AgentsService;
  }
  interface ExtensionPoints {
    agentToolSources: AgentToolSource;
  }
}

/** What file search needs of agents: adding an uploaded document to the caller's agent. */
export interface AgentFiles {
  /** Throws unless the caller owns the agent (403 shared with them, 404 unseen). */
  checkOwned(userId: string, agentId: string): Promise<void>;
  addSearchFile(userId: string, agentId: string, fileId: string): Promise<void>;
}

declare module '../../platform/module.js' {
  interface Services {
    agentFiles: AgentFiles;
  }
}

/**
 * Agents (LibreChat's): a model on one of the configured endpoints with instructions, tools and
 * conversation starters, kept per owner and shared for use; chatted with through the ask pipeline.
 */
export const agentsModule: FeatureModule = {
  name: 'agents',
  register({ app, db, config, use, provide, extend, extensions }) {
    const toolbox = use('pluginToolbox');
    const agentsConfig = config.agents ?? DEFAULT_AGENTS_CONFIG;
    const agents = createAgentsService({
      repo: createAgentsRepo(db),
      toolbox,
      endpoints: () => config.endpoints,
      config: agentsConfig,
      avatars: use('files'),
    });
    const chat = createAgentChat({
      agents,
      toolbox,
      pipeline: use('askPipeline'),
      sources: () => extensions('agentToolSources'),
      recursionLimit: agentsConfig.recursionLimit,
    });
    provide('agents', agents);
    provide('agentFiles', {
      checkOwned: (userId, agentId) => agents.checkOwned(userId, agentId),
      addSearchFile: (userId, agentId, fileId) => agents.addSearchFile(userId, agentId, fileId),
    });
    extend('askConfigurers', agentOptionsConfigurer);
    agentsRoutes(app, agents, chat);
  },
};
