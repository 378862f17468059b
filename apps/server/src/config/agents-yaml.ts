import { z } from 'zod';
import type { interfacePermissionsSchema } from '@chat/contract';
import {
  AGENT_CAPABILITIES,
  AGENTS_CONFIG_LIMITS,
  DEFAULT_AGENT_CAPABILITIES,
  type AgentCapability,
} from '@chat/contract';

/**
 * librechat.yaml `endpoints.agents` (LibreChat's agentsEndpointSchema), the keys read here:
 * `disableBuilder` (no builder: agents are used, not made or changed), `capabilities` (what the
 * builder may give an agent; the server refuses a tool whose capability is off) and
 * `recursionLimit` (model calls one reply may take). Its other keys are named in the start-up
 * warning as not read.
 */
export const yamlAgentsEndpointSchema = z.strictObject({
  disableBuilder: z.boolean().optional(),
  capabilities: z.array(z.enum(AGENT_CAPABILITIES)).optional(),
  recursionLimit: z.number().int().min(1).max(AGENTS_CONFIG_LIMITS.maxRecursionLimit).optional(),
});
export type YamlAgentsEndpoint = z.output<typeof yamlAgentsEndpointSchema>;

/**
 * librechat.yaml `interface.agents`: `true` / `false`, or LibreChat's permissions for everyone
 * (`use`, `create`, `share`, `public`; each on unless false).
 */
export type AgentsInterface = z.infer<typeof interfacePermissionsSchema>;

/** How agents are configured: LibreChat's defaults where the file says nothing. */
export interface AgentsConfig {
  /** Agents are offered at all (`interface.agents.use`): off, the endpoint is not listed and every route answers 403. */
  use: boolean;
  /** No builder (`disableBuilder`, or `interface.agents.create: false`): agents are used, not made or changed. */
  disableBuilder: boolean;
  /** An owner may share an agent with chosen people (`interface.agents.share`). */
  share: boolean;
  /** An owner may share an agent with everyone (`interface.agents.public`). */
  public: boolean;
  capabilities: readonly AgentCapability[];
  /** Model calls one reply may take; undefined: the plugins' own limit. */
  recursionLimit?: number | undefined;
}

export const DEFAULT_AGENTS_CONFIG: AgentsConfig = {
  use: true,
  disableBuilder: false,
  share: true,
  public: true,
  capabilities: DEFAULT_AGENT_CAPABILITIES,
};

/** What `interface.agents` lets everyone do (absent: everything); without `use`, nothing. */
function agentsPermissions(setting: AgentsInterface | undefined) {
  if (setting === undefined || setting === true)
    return { use: true, create: true, share: true, public: true };
  if (setting === false) return { use: false, create: false, share: false, public: false };
  const use = setting.use !== false;
  return {
    use,
    create: use && setting.create !== false,
    share: use && setting.share !== false,
    public: use && setting.public !== false,
  };
}

export function agentsConfigFrom(
  block: YamlAgentsEndpoint | undefined,
  permissions?: AgentsInterface | undefined,
): AgentsConfig {
  if (!block && permissions === undefined) return DEFAULT_AGENTS_CONFIG;
  const may = agentsPermissions(permissions);
  if (!block)
    return {
      ...DEFAULT_AGENTS_CONFIG,
      use: may.use,
      disableBuilder: !may.create,
      share: may.share,
      public: may.public,
    };
  return {
    use: may.use,
    disableBuilder: (block.disableBuilder ?? false) || !may.create,
    share: may.share,
    public: may.public,
    capabilities: block.capabilities ? [...new Set(block.capabilities)] : DEFAULT_AGENT_CAPABILITIES,
    ...(block.recursionLimit !== undefined ? { recursionLimit: block.recursionLimit } : {}),
  };
}
