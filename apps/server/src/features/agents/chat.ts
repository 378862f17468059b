import type { FastifyBaseLogger } from 'fastify';
import { AGENTS_ENDPOINT, type AgentChatRequest, type AskRequest } from '@chat/contract';
import type { AgentTool, AskConfigurer, AskPipeline } from '../ask/index.js';
import { fixedToolsAgent, type PluginToolbox } from '../plugins/index.js';
import type { AgentRow } from './schema.js';
import type { AgentsService } from './service.js';

/** Tools another feature gives an agent besides its plugins (its actions), read for each chat. */
export interface AgentToolSource {
  tools(agent: AgentRow): Promise<AgentTool[]>;
}

/** agent_id is the agents feature's to set: an ordinary ask drops it. */
export const agentOptionsConfigurer: AskConfigurer = {
  name: 'agents',
  async configure(ctx, options) {
    if (ctx.input.runAs) return options;
    const { agent_id: _agent, ...rest } = options;
    return rest;
  },
};

/**
 * POST /api/agents/chat: the agent's reply, run by the ask pipeline on the agent's own endpoint and
 * model, with its parameters: its instructions as the system prompt, its tools as the agent's
 * plan, run with the caller's credentials (a shared agent never uses its owner's). The
 * conversation records the `agents` endpoint and the agent's id.
 */
export function createAgentChat(deps: {
  agents: AgentsService;
  toolbox: PluginToolbox;
  pipeline: AskPipeline;
  /** The other features' tools of an agent (its actions), read per chat: they register later. */
  sources: () => readonly AgentToolSource[];
  /** Model calls one reply may take (librechat.yaml `recursionLimit`); the plugins' limit otherwise. */
  recursionLimit?: number | undefined;
}) {
  return {
    async start(
      userId: string,
      body: AgentChatRequest,
      attach: Parameters<AskPipeline['start']>[1],
      log: FastifyBaseLogger,
    ): Promise<void> {
      const { row } = await deps.agents.usable(userId, body.agent_id);
      // Refuses an unknown tool, or a plugin without the caller's credentials, before anything is saved.
      const tools =
        row.tools.length > 0
          ? await deps.toolbox.tools(userId, row.tools, {
              conversationId: body.conversationId ?? null,
              fileIds: (body.files ?? []).map((f) => f.file_id),
              agentFiles: { ownerId: row.userId, fileIds: row.toolResources.file_search?.file_ids ?? [] },
            })
          : [];
      for (const source of deps.sources()) tools.push(...(await source.tools(row)));
      const agent = fixedToolsAgent('agent', tools, deps.recursionLimit);
      const { endpoint: _endpoint, model: _model, agent_id: _agent, ...rest } = body;
      const askBody: AskRequest = {
        ...rest,
        ...row.modelParameters,
        endpoint: row.provider,
        model: row.model,
        agent_id: row.id,
      };
      await deps.pipeline.start(
        {
          userId,
          route: body.isEdited ? 'edit' : 'ask',
          pathEndpoint: row.provider,
          body: askBody,
          runAs: {
            endpoint: AGENTS_ENDPOINT,
            sender: row.name || 'Agent',
            instructions: row.instructions,
            agent,
          },
        },
        attach,
        log,
      );
    },
  };
}
