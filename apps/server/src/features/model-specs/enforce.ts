import { isDeepStrictEqual } from 'node:util';
import {
  findModelSpec,
  MODEL_SPEC_TEXTS,
  type ConversationOptions,
  type ModelSpec,
  type ModelSpecsConfig,
} from '@chat/contract';
import { AppError } from '../../platform/errors.js';
import type { AskConfigurer, StepContext } from '../ask/index.js';

type ToolRef = NonNullable<ConversationOptions['tools']>[number];
const toolKeys = (tools: readonly ToolRef[]) => tools.map((t) => (typeof t === 'string' ? t : t.pluginKey));

/** The option values a spec's preset sets (its endpoint and model are the ask's target). */
function presetOptions(spec: ModelSpec): ConversationOptions {
  const { endpoint: _endpoint, model: _model, ...options } = spec.preset;
  return options;
}

/** Whether the body's value of an option is the preset's (plugins compared by key). */
function sameValue(key: string, preset: unknown, body: unknown): boolean {
  if (key === 'tools' && Array.isArray(preset) && Array.isArray(body))
    return isDeepStrictEqual(toolKeys(preset as ToolRef[]), toolKeys(body as ToolRef[]));
  return isDeepStrictEqual(preset, body);
}

/**
 * Where the ask goes is where the spec points: the endpoint (by name) and the model. A reply
 * another feature runs (an assistant on openAI) is held to the endpoint its conversation records
 * (`assistant`), not the one running it: its own instructions would otherwise stand in for the
 * spec's system prompt on a spec of the running endpoint.
 */
function targetsSpec(spec: ModelSpec, ctx: StepContext): boolean {
  const endpoint = ctx.input.runAs?.endpoint ?? ctx.endpoint.name;
  return spec.preset.endpoint === endpoint && spec.preset.model === ctx.model;
}

/**
 * The options of an ask checked against librechat.yaml `modelSpecs`. Enforced, the ask must name
 * one of the specs (`spec`), go to its endpoint and model, and carry no option value other than
 * the preset's; what the preset sets and the ask leaves out is filled in, so the upstream gets the
 * spec's values whatever the client sent. Otherwise refused with `model_spec_mismatch` before
 * anything is saved. Not enforced, a `spec` that is unknown or no longer describes the ask (the
 * person chose another model) is dropped, so the conversation does not claim a spec it left.
 * Assistants are held to it too: enforced, no spec names the assistant endpoint (specs name the
 * configured endpoints), so an assistant's reply is refused as LibreChat refuses it.
 */
export function modelSpecConfigurer(specs: () => ModelSpecsConfig | undefined): AskConfigurer {
  return {
    name: 'model-specs',
    async configure(ctx, options) {
      const config = specs();
      const spec = findModelSpec(config, options.spec);
      if (!config?.enforce) {
        if (options.spec == null || (spec && targetsSpec(spec, ctx))) return options;
        const { spec: _left, ...rest } = options;
        return rest;
      }
      if (!options.spec) throw new AppError('model_spec_mismatch', MODEL_SPEC_TEXTS.noSpec);
      if (!spec) throw new AppError('model_spec_mismatch', MODEL_SPEC_TEXTS.invalidSpec);
      if (!targetsSpec(spec, ctx)) throw new AppError('model_spec_mismatch', MODEL_SPEC_TEXTS.mismatch);
      const preset = presetOptions(spec);
      for (const [key, value] of Object.entries(preset)) {
        const sent = options[key as keyof ConversationOptions];
        if (value == null || sent == null) continue;
        if (!sameValue(key, value, sent))
          throw new AppError('model_spec_mismatch', `${MODEL_SPEC_TEXTS.mismatch}: ${key}`);
      }
      const filled: Record<string, unknown> = { ...options };
      for (const [key, value] of Object.entries(preset)) if (value != null) filled[key] = value;
      return filled as ConversationOptions;
    },
  };
}
