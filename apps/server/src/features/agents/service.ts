import { randomInt } from 'node:crypto';
import {
  AGENT_ID_PREFIX,
  AGENT_LIMITS,
  AGENTS_CONFIG_TEXTS,
  capabilityOfTool,
  type Agent,
  type AgentList,
  type AgentSharingRequest,
  type CreateAgentRequest,
  type UpdateAgentRequest,
} from '@chat/contract';
import { agentEndpoints } from '../../config/agent-endpoints.js';
import type { EndpointDefinition } from '../../config/app-config.js';
import type { FilesService } from '../files/index.js';
import type { FastifyRequest } from 'fastify';
import { AppError } from '../../platform/errors.js';
import type { PluginToolbox } from '../plugins/index.js';
import { presentAgent } from './presenter.js';
import type { AgentFields, AgentsRepo, AgentView } from './repo.js';
import type { AgentsConfig } from '../../config/agents-yaml.js';

const ID_ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789_-';

/** LibreChat's agent id: `agent_` and a 21-character nanoid. */
function newAgentId(): string {
  let id = AGENT_ID_PREFIX;
  for (let i = 0; i < 21; i++) id += ID_ALPHABET[randomInt(ID_ALPHABET.length)];
  return id;
}

const notFound = () => new AppError('not_found', 'Agent not found');
const invalid = (path: string, message: string) =>
  new AppError('validation_error', message, [{ path, message }]);

/**
 * Agents. Anyone may use an agent they own or that is shared with them; only its owner changes,
 * shares, copies or deletes it: a shared agent answers 403 to anyone else's change, an agent not
 * shared with the caller 404 to everything. The endpoint and model are checked against the
 * configuration, and the tools against what this server runs, on every change of them.
 */
export function createAgentsService(deps: {
  repo: AgentsRepo;
  toolbox: PluginToolbox;
  endpoints: () => readonly EndpointDefinition[];
  /** librechat.yaml `endpoints.agents`. */
  config: AgentsConfig;
  avatars: Pick<FilesService, 'uploadOwnedAvatar' | 'removeOwnedAvatar'>;
}) {
  const { repo } = deps;

  /** Making or changing an agent needs the builder (librechat.yaml `disableBuilder`). */
  const builderOn = () => {
    if (deps.config.disableBuilder) throw new AppError('forbidden', AGENTS_CONFIG_TEXTS.builderDisabled);
  };

  const runnable = (provider: string, model: string): { provider: string; model: string } => {
    const endpoint = agentEndpoints(deps.endpoints()).find((e) => e.name === provider);
    if (!endpoint) throw invalid('provider', `No endpoint here named ${provider} runs agents`);
    if (!endpoint.allowAnyModel && !endpoint.models.includes(model)) {
      throw invalid('model', `The ${provider} endpoint does not offer ${model}`);
    }
    return { provider, model };
  };
  const checkTools = (tools: readonly string[]): string[] => {
    const unique = [...new Set(tools)];
    const unknown = unique.filter((t) => !deps.toolbox.has(t));
    if (unknown.length > 0) {
      throw new AppError(
        'validation_error',
        `Tools this server does not run: ${unknown.join(', ')}`,
        unknown.map((t) => ({ path: 'tools', message: `${t} is not a tool here` })),
      );
    }
    // Each tool's capability must be one the file offers agents.
    const off = unique.filter((t) => !deps.config.capabilities.includes(capabilityOfTool(t)));
    if (off.length > 0) {
      const issues = off.map((t) => ({
        path: 'tools',
        message: AGENTS_CONFIG_TEXTS.capabilityOff(t, capabilityOfTool(t)),
      }));
      throw new AppError('forbidden', issues.map((i) => i.message).join('; '), issues);
    }
    return unique;
  };
  /** Agents are offered at all (librechat.yaml `interface.agents`). */
  const agentsOn = () => {
    if (!deps.config.use) throw new AppError('forbidden', AGENTS_CONFIG_TEXTS.agentsOff);
  };
  /** The caller's own agent; 403 when it is only shared with them, 404 when they cannot see it. */
  const owned = async (userId: string, id: string) => {
    agentsOn();
    const row = await repo.owned(userId, id);
    if (row) return row;
    if (await repo.readable(userId, id))
      throw new AppError('forbidden', 'Only the owner may change this agent');
    throw notFound();
  };
  const shown = async (view: AgentView, userId: string): Promise<Agent> => {
    const shares = view.row.userId === userId ? await repo.sharesOf([view.row.id]) : undefined;
    return presentAgent(view, userId, shares?.get(view.row.id));
  };
  const ownView = async (userId: string, id: string): Promise<Agent> => {
    const view = await repo.readable(userId, id);
    if (!view) throw notFound();
    return shown(view, userId);
  };
  const roomFor = async (userId: string) => {
    if ((await repo.countOwned(userId)) >= AGENT_LIMITS.maxPerUser) {
      throw new AppError('conflict', `You have ${AGENT_LIMITS.maxPerUser} agents: delete one first`);
    }
  };

  return {
    /** The caller's own agent, for another feature's change of it (its actions): 403 / 404 as here. */
    owned,

    /** An agent the caller may use (for the chat): not found otherwise. */
    async usable(userId: string, id: string): Promise<AgentView> {
      agentsOn();
      const view = await repo.readable(userId, id);
      if (!view) throw notFound();
      return view;
    },

    /**
     * Checks that the caller may add files to this agent (their own): 403 when it is only shared
     * with them, 404 when they cannot see it.
     */
    async checkOwned(userId: string, id: string): Promise<void> {
      builderOn();
      if (!deps.config.capabilities.includes('file_search')) {
        throw new AppError('forbidden', AGENTS_CONFIG_TEXTS.capabilityOff('file_search', 'file_search'));
      }
      await owned(userId, id);
    },

    /** Adds an uploaded document to the caller's agent's file_search; 409 when it holds its most. */
    async addSearchFile(userId: string, id: string, fileId: string): Promise<void> {
      await owned(userId, id);
      if (!(await repo.addSearchFile(userId, id, fileId, AGENT_LIMITS.maxFiles))) {
        throw new AppError('conflict', `An agent searches at most ${AGENT_LIMITS.maxFiles} files`);
      }
    },

    async get(userId: string, id: string): Promise<Agent> {
      agentsOn();
      return ownView(userId, id);
    },

    async list(userId: string): Promise<AgentList> {
      agentsOn();
      // One more than the page holds tells whether there are more.
      const found = await repo.list(userId, AGENT_LIMITS.listMax + 1);
      const views = found.slice(0, AGENT_LIMITS.listMax);
      const shares = await repo.sharesOf(views.filter((v) => v.row.userId === userId).map((v) => v.row.id));
      const data = views.map((v) => presentAgent(v, userId, shares.get(v.row.id)));
      return {
        object: 'list',
        data,
        first_id: data[0]?.id ?? null,
        last_id: data.at(-1)?.id ?? null,
        has_more: found.length > AGENT_LIMITS.listMax,
      };
    },

    async create(userId: string, body: CreateAgentRequest): Promise<Agent> {
      builderOn();
      const fields: AgentFields = {
        name: body.name ?? null,
        description: body.description ?? null,
        instructions: body.instructions ?? null,
        ...runnable(body.provider, body.model),
        modelParameters: body.model_parameters ?? {},
        tools: checkTools(body.tools ?? []),
        toolResources: body.tool_resources ?? {},
        conversationStarters: body.conversation_starters ?? [],
      };
      await roomFor(userId);
      const row = await repo.insert(userId, newAgentId(), fields);
      return ownView(userId, row.id);
    },

    async update(userId: string, id: string, body: UpdateAgentRequest): Promise<Agent> {
      builderOn();
      const row = await owned(userId, id);
      const patch: Partial<AgentFields> = {};
      if (body.name !== undefined) patch.name = body.name;
      if (body.description !== undefined) patch.description = body.description;
      if (body.instructions !== undefined) patch.instructions = body.instructions;
      if (body.provider !== undefined || body.model !== undefined) {
        Object.assign(patch, runnable(body.provider ?? row.provider, body.model ?? row.model));
      }
      if (body.model_parameters !== undefined) patch.modelParameters = body.model_parameters;
      if (body.tools !== undefined) patch.tools = checkTools(body.tools);
      if (body.tool_resources !== undefined) patch.toolResources = body.tool_resources;
      if (body.conversation_starters !== undefined) patch.conversationStarters = body.conversation_starters;
      if (!(await repo.update(userId, id, patch))) throw notFound();
      return ownView(userId, id);
    },

    async remove(userId: string, id: string): Promise<{ id: string; deleted: true }> {
      const row = await owned(userId, id);
      if (!(await repo.remove(userId, id))) throw notFound();
      if (row.avatar) await deps.avatars.removeOwnedAvatar(row.avatar.filepath);
      return { id, deleted: true };
    },

    /**
     * POST /api/files/images/agents/:agent_id/avatar: the owner's new avatar for the agent (the
     * ownership is checked once the upload is in, before anything is stored: an upload without
     * its file is refused as such whoever sends it); the one it replaces is removed.
     */
    async setAvatar(userId: string, id: string, request: FastifyRequest): Promise<Agent> {
      builderOn();
      const stored = await deps.avatars.uploadOwnedAvatar(userId, request, async () => {
        const row = await owned(userId, id);
        return row.avatar?.filepath ?? null;
      });
      const avatar = { filepath: stored.url, source: stored.source };
      if (!(await repo.update(userId, id, { avatar }))) {
        // Deleted meanwhile: its new image goes too.
        await deps.avatars.removeOwnedAvatar(stored.url);
        throw notFound();
      }
      return ownView(userId, id);
    },

    /** A private copy of the caller's agent ("(copy)" is the client's to add to a name). */
    async duplicate(userId: string, id: string): Promise<{ agent: Agent }> {
      builderOn();
      const row = await owned(userId, id);
      await roomFor(userId);
      const copy = await repo.insert(userId, newAgentId(), {
        name: row.name,
        description: row.description,
        instructions: row.instructions,
        provider: row.provider,
        model: row.model,
        modelParameters: row.modelParameters,
        tools: row.tools,
        toolResources: row.toolResources,
        conversationStarters: row.conversationStarters,
      });
      return { agent: await ownView(userId, copy.id) };
    },

    async share(userId: string, id: string, body: AgentSharingRequest): Promise<Agent> {
      await owned(userId, id);
      // What `interface.agents` turns off may still be taken back (an empty list, not public).
      if (body.emails.length > 0 && !deps.config.share)
        throw new AppError('forbidden', AGENTS_CONFIG_TEXTS.shareOff);
      if (body.public && !deps.config.public) throw new AppError('forbidden', AGENTS_CONFIG_TEXTS.publicOff);
      await repo.update(userId, id, { isPublic: body.public });
      await repo.setShares(id, body.emails);
      return ownView(userId, id);
    },
  };
}
export type AgentsService = ReturnType<typeof createAgentsService>;
