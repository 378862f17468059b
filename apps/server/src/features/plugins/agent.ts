import {
  AGENT_DEFAULTS,
  PLUGIN_LIMITS,
  TOOL_ENDPOINT_TYPES,
  toolKeyOf,
  type ConversationOptions,
} from '@chat/contract';
import { AppError } from '../../platform/errors.js';
import type { ProviderRegistry } from '../../providers/registry.js';
import type { AgentPlan, AgentTool, AskAgent, AskConfigurer, StepContext, Configured } from '../ask/index.js';
import type { PluginSource } from './source.js';
import type { PluginsService } from './service.js';
import type { PluginAskScope } from './tools/types.js';

/** The selected plugins, once each, as the conversation keeps them (objects with pluginKey). */
function normalizeTools(tools: ConversationOptions['tools']): { pluginKey: string }[] | undefined {
  if (!tools) return undefined;
  const keys = [...new Set(tools.map(toolKeyOf))];
  return keys.map((pluginKey) => ({ pluginKey }));
}

/** Saves `tools` as objects with pluginKey, whichever form the body used. */
export const toolsConfigurer: AskConfigurer = {
  name: 'plugins',
  async configure(_ctx, options) {
    const tools = normalizeTools(options.tools);
    return tools ? { ...options, tools } : options;
  },
};

/**
 * The plugins of these keys as an agent's tools, run with the user's (or the server's)
 * credentials. An unknown plugin, or one without its credentials, is an AppError
 * validation_error (the request is refused before anything is saved).
 */
export async function pluginTools(
  plugins: PluginsService,
  userId: string,
  keys: readonly string[],
  ask?: PluginAskScope,
): Promise<AgentTool[]> {
  const tools: AgentTool[] = [];
  for (const key of keys) {
    const plugin = plugins.definition(key);
    const auth = await plugins.credentials(userId, plugin);
    if (!auth) {
      throw new AppError(
        'validation_error',
        `The ${plugin.name} plugin needs its credentials: install it first`,
        [{ path: 'tools', message: `${plugin.name} is not authenticated` }],
      );
    }
    tools.push({
      name: plugin.key,
      label: plugin.name,
      description: plugin.toolDescription ?? plugin.description,
      parameters: plugin.parameters,
      run: (args, signal) => plugin.run(args, { userId, auth, signal, ask }),
    });
  }
  return tools;
}

/** What the agent needs of the store and the endpoints. */
interface PluginsAgentDeps {
  plugins: PluginsService;
  providers: Pick<ProviderRegistry, 'resolveModel'>;
  /** The other features' plugin sources (MCP servers), read per request: they register later. */
  sources: () => readonly PluginSource[];
}

/**
 * The tool keys a request chose: its `tools` (plugins, MCP tools) and every tool of the MCP
 * servers its `ephemeralAgent` names, once each, in that order.
 */
async function chosenKeys(
  deps: PluginsAgentDeps,
  userId: string,
  options: ConversationOptions,
  ask: PluginAskScope,
) {
  const keys = (normalizeTools(options.tools) ?? []).map((t) => t.pluginKey);
  const agent = options.ephemeralAgent;
  if (agent?.mcp?.length) {
    for (const source of deps.sources()) keys.push(...((await source.chosen?.(userId, agent)) ?? []));
  }
  for (const source of deps.sources()) keys.push(...((await source.offered?.(userId, ask)) ?? []));
  return [...new Set(keys)];
}

/**
 * The agent of a request with tools chosen, on an endpoint whose models call tools
 * (TOOL_ENDPOINT_TYPES): each plugin and MCP tool a tool, run with the user's (or the server's)
 * credentials. On gptPlugins its agentOptions apply (model: the one asked for when the endpoint
 * offers it, else the conversation's; temperature 0; skipCompletion true); elsewhere the
 * conversation's own model and parameters call the tools and write the reply. A choice the user
 * may not use (an unknown plugin or MCP server, one without its credentials, a server that cannot
 * be reached) refuses the request before anything is saved.
 */
/**
 * Tools on the conversation's own model and parameters, the agent's text streaming as the reply:
 * how every endpoint but gptPlugins runs tools.
 */
function toolsPlan(
  ctx: StepContext,
  configured: Configured,
  tools: AgentPlan['tools'],
  maxSteps: number = PLUGIN_LIMITS.maxSteps,
): AgentPlan {
  return {
    tools,
    model: ctx.model,
    params: configured.params,
    skipCompletion: true,
    maxSteps,
  };
}

/**
 * An agent that always runs these tools (an assistant's, an agent's); none when there are none.
 * `maxSteps`: model calls one reply may take (the plugins' limit unless the caller sets one).
 */
export function fixedToolsAgent(
  name: string,
  tools: AgentPlan['tools'],
  maxSteps?: number,
): AskAgent | undefined {
  if (tools.length === 0) return undefined;
  return { name, plan: async (ctx, configured) => toolsPlan(ctx, configured, tools, maxSteps) };
}

export function pluginsAgent(deps: PluginsAgentDeps): AskAgent {
  return {
    name: 'plugins',
    async plan(ctx: StepContext, configured: Configured): Promise<AgentPlan | undefined> {
      if (!TOOL_ENDPOINT_TYPES.includes(ctx.endpoint.type)) return undefined;
      const { body } = ctx.input;
      const ask: PluginAskScope = {
        conversationId: body.conversationId ?? null,
        fileIds: (body.files ?? []).map((f) => f.file_id),
      };
      const keys = await chosenKeys(deps, ctx.input.userId, configured.options, ask);
      if (keys.length === 0) return undefined;
      const tools = await pluginTools(deps.plugins, ctx.input.userId, keys, ask);
      if (ctx.endpoint.type !== 'gptPlugins') return toolsPlan(ctx, configured, tools);
      const options = configured.options.agentOptions ?? {};
      let model = ctx.model;
      if (options.model) {
        try {
          model = deps.providers.resolveModel(ctx.endpoint, options.model);
        } catch {
          // Not offered here: the agent runs on the conversation's model.
        }
      }
      return {
        tools,
        model,
        params: { temperature: options.temperature ?? AGENT_DEFAULTS.temperature },
        skipCompletion: options.skipCompletion ?? AGENT_DEFAULTS.skipCompletion,
        maxSteps: PLUGIN_LIMITS.maxSteps,
      };
    },
  };
}
