import type { ConversationOptions } from './entities-schemas.js';

/**
 * librechat.yaml `modelSpecs`: the operator's curated entries of the model menu. Each names a
 * preset (endpoint, model and option values); `enforce` allows only asks that match one, and
 * `prioritize` starts new chats on a spec rather than on the last-used model. Zod-free values
 * here (the browser's first paint reads them); the schemas are in model-specs-schemas.ts.
 */

/** LibreChat's defaults of the block's switches (its specsConfigSchema). */
export const MODEL_SPECS_DEFAULTS = { enforce: false, prioritize: true } as const;

/** The preset of a spec: where the ask goes and the conversation option values it sets. */
export type ModelSpecPreset = ConversationOptions & { endpoint: string; model: string };

/** One entry of `modelSpecs.list`, as GET /api/config sends it. */
export interface ModelSpec {
  name: string;
  label: string;
  description?: string | undefined;
  iconURL?: string | undefined;
  default?: boolean | undefined;
  showIconInMenu?: boolean | undefined;
  showIconInHeader?: boolean | undefined;
  /** False: left out of the menu, still usable by name (a conversation or link that names it). */
  showInMenu?: boolean | undefined;
  group?: string | undefined;
  order?: number | undefined;
  preset: ModelSpecPreset;
}

/** `modelSpecs` of GET /api/config (LibreChat's startup-config field). */
export interface ModelSpecsConfig {
  enforce: boolean;
  prioritize: boolean;
  list: ModelSpec[];
  addedEndpoints?: string[] | undefined;
}

/** The English messages of an ask refused under `enforce` (LibreChat's wording). */
export const MODEL_SPEC_TEXTS = {
  noSpec: 'No model spec selected',
  invalidSpec: 'Invalid model spec',
  mismatch: 'Model spec mismatch',
} as const;

/**
 * LibreChat's names of the custom name for the model: a spec's `modelLabel` and a body's
 * `chatGptLabel` are the same option (this product stores `chatGptLabel`).
 */
export const MODEL_SPEC_LABEL_KEYS = ['modelLabel', 'chatGptLabel'] as const;

/** The spec a conversation or ask names, when the list has it. */
export function findModelSpec(
  specs: Pick<ModelSpecsConfig, 'list'> | undefined,
  name: string | null | undefined,
): ModelSpec | undefined {
  if (!specs || !name) return undefined;
  return specs.list.find((s) => s.name === name);
}

/**
 * The spec a new chat starts on: the one marked `default`; else, when specs come first
 * (`prioritize`, `enforce`, or no model menu), the one last chosen, else the first; else the
 * last-chosen spec only when the last setup was a spec.
 */
export function startingModelSpec(
  specs: ModelSpecsConfig | undefined,
  lastSpec: string | null | undefined,
  modelSelect: boolean,
): ModelSpec | undefined {
  if (!specs || specs.list.length === 0) return undefined;
  const marked = specs.list.find((s) => s.default === true);
  if (marked) return marked;
  const last = findModelSpec(specs, lastSpec);
  if (specs.prioritize || specs.enforce || !modelSelect) return last ?? specs.list[0];
  return last;
}
