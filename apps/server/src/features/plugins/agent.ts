import { AGENT_DEFAULTS, PLUGIN_LIMITS, toolKeyOf, type ConversationOptions } from '@chat/contract';
import { AppError } from '../../platform/errors.js';
import type { ProviderRegistry } from '../../providers/registry.js';
import type { AgentPlan, AgentTool, AskAgent, AskConfigurer, StepContext, Configured } from '../ask/index.js';
import type { PluginsService } from './service.js';

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
      run: (args, signal) => plugin.run(args, { userId, auth, signal }),
    });
  }
  return tools;
}

/**
 * The agent of a gptPlugins request with plugins selected: each plugin a tool, with the user's
 * (or the server's) credentials; agentOptions (model: the one asked for when the
 * endpoint offers it, else the conversation's; temperature 0; skipCompletion true). An unknown
 * plugin, or one without its credentials, refuses the request before anything is saved.
 */
export function pluginsAgent(deps: {
  plugins: PluginsService;
  providers: Pick<ProviderRegistry, 'resolveModel'>;
}): AskAgent {
  return {
    name: 'plugins',
    async plan(ctx: StepContext, configured: Configured): Promise<AgentPlan | undefined> {
      if (ctx.endpoint.type !== 'gptPlugins') return undefined;
      const selected = normalizeTools(configured.options.tools) ?? [];
      if (selected.length === 0) return undefined;
      const tools = await pluginTools(
        deps.plugins,
        ctx.input.userId,
        selected.map((t) => t.pluginKey),
      );
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
