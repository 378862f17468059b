import { z } from 'zod';
import {
  conversationOptionsSchema,
  MODEL_SPEC_LIMITS,
  MODEL_SPECS_DEFAULTS,
  type ModelSpec,
  type ModelSpecsConfig,
} from '@chat/contract';
import { yamlBlock } from '../../config/yaml-block.js';

/**
 * librechat.yaml `modelSpecs`: the curated entries of the model menu, in LibreChat's form. A
 * spec's keys this product has no part for (groupIcon, authType, webSearch, mcpServers, …) and
 * preset keys that are not conversation options here are unknown to the strict objects, so the
 * file loader names them in its start-up warning and leaves them out.
 */

/** Option keys a spec's preset may not set: the server sets them (a thread, the spec itself). */
const { spec: _spec, assistant_id: _a, thread_id: _t, ...presetOptions } = conversationOptionsSchema.shape;

const preset = z
  .strictObject({
    ...presetOptions,
    endpoint: z.string().trim().min(1),
    model: z.string().trim().min(1).max(256),
    // LibreChat's presets call the custom name `modelLabel`; conversations here keep `chatGptLabel`.
    modelLabel: presetOptions.chatGptLabel,
  })
  .transform(({ modelLabel, ...rest }) =>
    modelLabel !== undefined && rest.chatGptLabel === undefined
      ? { ...rest, chatGptLabel: modelLabel }
      : rest,
  );

const text = (max: number) => z.string().trim().min(1).max(max);

const spec = z.strictObject({
  name: text(MODEL_SPEC_LIMITS.nameMaxChars),
  label: text(MODEL_SPEC_LIMITS.labelMaxChars),
  description: z.string().trim().max(MODEL_SPEC_LIMITS.descriptionMaxChars).optional(),
  iconURL: text(MODEL_SPEC_LIMITS.iconURLMaxChars).optional(),
  default: z.boolean().optional(),
  showIconInMenu: z.boolean().optional(),
  showIconInHeader: z.boolean().optional(),
  showInMenu: z.boolean().optional(),
  group: text(MODEL_SPEC_LIMITS.groupMaxChars).optional(),
  order: z.number().optional(),
  preset,
});

const yamlModelSpecsSchema = z.strictObject({
  enforce: z.boolean().optional(),
  prioritize: z.boolean().optional(),
  list: z
    .array(spec)
    .max(MODEL_SPEC_LIMITS.maxSpecs)
    .superRefine((list, ctx) => {
      const seen = new Map<string, number>();
      list.forEach((s, i) => {
        const first = seen.get(s.name);
        if (first === undefined) seen.set(s.name, i);
        else
          ctx.addIssue({
            code: 'custom',
            path: [i, 'name'],
            message: `is already the name of modelSpecs.list[${first}]`,
          });
      });
      const defaults = list.flatMap((s, i) => (s.default === true ? [i] : []));
      if (defaults.length > 1)
        ctx.addIssue({
          code: 'custom',
          path: [defaults[1]!, 'default'],
          message: `only one spec may be the default (modelSpecs.list[${defaults[0]}] is)`,
        });
    })
    .optional(),
  addedEndpoints: z.array(z.string().trim().min(1)).optional(),
});
export type YamlModelSpecs = z.output<typeof yamlModelSpecsSchema>;

/**
 * What GET /api/config sends and the ask pipeline enforces: the file's specs whose endpoint is
 * configured, in `order` then file order. A spec naming an endpoint the server does not offer
 * would start chats that can only fail: it is named through `warn` and left out. None when the
 * file has no spec left.
 */
function modelSpecsFrom(
  block: YamlModelSpecs | undefined,
  endpointNames: readonly string[],
  warn: (msg: string) => void,
): ModelSpecsConfig | undefined {
  if (!block) return undefined;
  const list: ModelSpec[] = [];
  (block.list ?? []).forEach((s, i) => {
    if (!endpointNames.includes(s.preset.endpoint)) {
      warn(
        `modelSpecs.list[${i}] ${s.name} is left out: its endpoint ${s.preset.endpoint} is not configured`,
      );
      return;
    }
    list.push({ ...s, preset: { ...s.preset } });
  });
  const unknownAdded = (block.addedEndpoints ?? []).filter((e) => !endpointNames.includes(e));
  if (unknownAdded.length > 0)
    warn(`modelSpecs.addedEndpoints: not configured, left out: ${unknownAdded.join(', ')}`);
  if (list.length === 0) return undefined;
  const ordered = list
    .map((s, i) => ({ s, i }))
    .sort((a, b) => (a.s.order ?? Infinity) - (b.s.order ?? Infinity) || a.i - b.i)
    .map(({ s }) => s);
  const added = (block.addedEndpoints ?? []).filter((e) => endpointNames.includes(e));
  return {
    enforce: block.enforce ?? MODEL_SPECS_DEFAULTS.enforce,
    prioritize: block.prioritize ?? MODEL_SPECS_DEFAULTS.prioritize,
    list: ordered,
    ...(added.length > 0 ? { addedEndpoints: added } : {}),
  };
}

/**
 * The specs whose model their endpoint offers, once the model lists are settled (start-up asks
 * the upstreams): a spec of a model the server refuses would start chats that can only fail. The
 * others are named through `warn` and left out; none left, no specs.
 */
export function specsOfOfferedModels(
  specs: ModelSpecsConfig | undefined,
  endpoints: readonly { name: string; models: readonly string[] }[],
  warn: (msg: string) => void,
): ModelSpecsConfig | undefined {
  if (!specs) return undefined;
  const list = specs.list.filter((s) => {
    const offered = endpoints.find((e) => e.name === s.preset.endpoint)?.models ?? [];
    if (offered.includes(s.preset.model)) return true;
    warn(
      `modelSpecs: ${s.name} is left out: ${s.preset.endpoint} does not offer its model ${s.preset.model}`,
    );
    return false;
  });
  return list.length > 0 ? { ...specs, list } : undefined;
}

/**
 * The `modelSpecs` block: kept as written; its specs of configured endpoints once every endpoint
 * is known (main then keeps those whose model is offered, specsOfOfferedModels).
 */
export const modelSpecsYaml = yamlBlock({
  key: 'modelSpecs',
  schema: () => yamlModelSpecsSchema,
  fromFile: (block: YamlModelSpecs | undefined) => block,
  toConfig: (block: YamlModelSpecs | undefined, { endpointNames, warn }): ModelSpecsAppConfig => ({
    modelSpecs: modelSpecsFrom(block, endpointNames, warn),
  }),
});

/** What the block gives the app config (AppConfig is made of these parts, config/feature-yaml.ts). */
export interface ModelSpecsAppConfig {
  /** librechat.yaml `modelSpecs`: the curated model menu (specs of configured endpoints); none when absent. */
  modelSpecs?: ModelSpecsConfig | undefined;
}
