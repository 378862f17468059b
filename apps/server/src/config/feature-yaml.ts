import { balanceYaml } from '../features/balance/yaml.js';
import { memoryYaml } from '../features/memories/yaml.js';
import { modelSpecsYaml } from '../features/model-specs/yaml.js';
import { fileConfigYaml } from '../features/files/yaml.js';
import { speechYaml } from '../features/speech/yaml.js';
import { mcpYaml } from '../features/mcp/yaml.js';
import { actionsYaml } from '../features/actions/yaml.js';
import type { AnyYamlBlock } from './yaml-block.js';

/**
 * The librechat.yaml blocks each feature declares in its own folder (`features/<name>/yaml.ts`),
 * composed into the one schema the file loader checks (config/yaml-config.ts), so every bad value
 * is still reported together at start; and into the app config (config/app-config.ts), whose
 * fields these blocks fill are typed by their declarations. The order is the order their notes
 * and warnings are given in.
 */
export const FEATURE_YAML = [
  balanceYaml,
  memoryYaml,
  modelSpecsYaml,
  fileConfigYaml,
  speechYaml,
  mcpYaml,
  actionsYaml,
] as const;

type Declared = (typeof FEATURE_YAML)[number];

/** The list as the loader walks it (each declaration's own types erased). */
export const FEATURE_YAML_BLOCKS: readonly AnyYamlBlock[] = FEATURE_YAML;

/** The top-level keys the features own (`memory`, `speech`, …). */
export type FeatureYamlKey = Declared['key'];

/** The `rateLimits` entries the features read (`tts`, `stt`). */
export type FeatureRateLimitKey = NonNullable<Declared['rateLimits']>[number];
export const FEATURE_RATE_LIMITS: readonly FeatureRateLimitKey[] = FEATURE_YAML.flatMap(
  (d): readonly FeatureRateLimitKey[] => d.rateLimits ?? [],
);

/** What the file loader keeps of each feature's block (`YamlConfig.memory`, `.speech`, …). */
export type FeatureYamlValues = {
  [D in Declared as D['key']]?: Exclude<ReturnType<D['fromFile']>, undefined> | undefined;
};

type UnionToIntersection<U> = (U extends unknown ? (u: U) => void : never) extends (i: infer I) => void
  ? I
  : never;

/** The fields of AppConfig the features' blocks fill, each typed by its declaration. */
export type FeatureYamlParts = UnionToIntersection<ReturnType<Declared['toConfig']>>;
