import { z } from 'zod';
import { MEMORY_LIMITS, type MemoryAgentConfig, type MemoryConfig } from '@chat/contract';
import { yamlBlock } from '../../config/yaml-block.js';

/**
 * librechat.yaml `memory` (LibreChat's memorySchema): facts about a person the model may use.
 * `agent` takes LibreChat's second form (an endpoint, a model, instructions, parameters); its first
 * form names an agent by id, which this product has not, so it is read and not honoured.
 */
const modelParameter = z.union([z.string(), z.number(), z.boolean()]);

const agentSchema = z.union([
  z.strictObject({ enabled: z.boolean().optional(), id: z.string().trim().min(1) }),
  z.strictObject({
    enabled: z.boolean().optional(),
    provider: z.string().trim().min(1),
    model: z.string().trim().min(1),
    instructions: z.string().trim().max(20_000).optional(),
    model_parameters: z.record(z.string(), modelParameter).optional(),
  }),
]);

export const yamlMemorySchema = z.strictObject({
  disabled: z.boolean().optional(),
  validKeys: z.array(z.string().trim().min(1).max(MEMORY_LIMITS.keyMaxChars)).min(1).optional(),
  tokenLimit: z.number().int().min(1).optional(),
  charLimit: z.number().int().min(1).max(MEMORY_LIMITS.charLimitCeiling).optional(),
  // LibreChat's cap on what its agent reads; the window below bounds it here.
  maxInputTokens: z.number().int().positive().optional(),
  personalize: z.boolean().optional(),
  messageWindowSize: z.number().int().min(1).max(MEMORY_LIMITS.messageWindowMax).optional(),
  agent: agentSchema.optional(),
});
export type YamlMemory = z.output<typeof yamlMemorySchema>;

/** A `model_parameters` entry as a number, when it is one. */
const num = (v: string | number | boolean | undefined): number | undefined =>
  typeof v === 'number' && Number.isFinite(v) ? v : undefined;

/**
 * The memory settings, or undefined when memory is off (no block, or `disabled: true`). An agent
 * by id, or one with `enabled: false`, is no agent: only the person writes memories then.
 */
export function memoryConfigFrom(
  block: YamlMemory | undefined,
  endpointNames: readonly string[],
  unhonoured: (path: string, why: string) => void = () => {},
): MemoryConfig | undefined {
  if (!block || block.disabled === true) return undefined;
  let agent: MemoryAgentConfig | undefined;
  const a = block.agent;
  if (a && 'id' in a) unhonoured('memory.agent.id', 'there are no agents here: name a provider and a model');
  else if (a && a.enabled !== false && !endpointNames.includes(a.provider))
    unhonoured('memory.agent.provider', `no endpoint is named ${a.provider}: no memory agent runs`);
  else if (a && a.enabled !== false) {
    const p = a.model_parameters ?? {};
    agent = {
      provider: a.provider,
      model: a.model,
      ...(a.instructions ? { instructions: a.instructions } : {}),
      params: {
        temperature: num(p.temperature),
        top_p: num(p.top_p),
        frequency_penalty: num(p.frequency_penalty),
        presence_penalty: num(p.presence_penalty),
        maxOutputTokens: num(p.max_tokens) ?? num(p.maxOutputTokens) ?? num(p.max_output_tokens),
      },
    };
  }
  return {
    ...(block.validKeys ? { validKeys: [...new Set(block.validKeys)] } : {}),
    ...(block.tokenLimit !== undefined ? { tokenLimit: block.tokenLimit } : {}),
    charLimit: block.charLimit ?? MEMORY_LIMITS.defaultCharLimit,
    personalize: block.personalize ?? true,
    messageWindowSize: block.messageWindowSize ?? MEMORY_LIMITS.defaultMessageWindowSize,
    ...(agent ? { agent } : {}),
  };
}

/** The `memory` block: kept as written; turned into the settings once every endpoint is known. */
export const memoryYaml = yamlBlock({
  key: 'memory',
  schema: () => yamlMemorySchema,
  fromFile: (block: YamlMemory | undefined) => block,
  toConfig: (block: YamlMemory | undefined, { endpointNames, unhonoured }): MemoryAppConfig => ({
    memory: memoryConfigFrom(block, endpointNames, unhonoured),
  }),
});

/** What the block gives the app config (AppConfig is made of these parts, config/feature-yaml.ts). */
export interface MemoryAppConfig {
  /** librechat.yaml `memory`: facts about a person the model may use; none (off) when absent or disabled. */
  memory?: MemoryConfig | undefined;
}
