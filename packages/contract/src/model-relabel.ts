/**
 * Model-name relabelling: on an endpoint that relabels, gpt-4.1 and
 * gpt-4.1-mini show as their unfiltered variants, grok-3 as G3, a deepseek chat model as D1-mini,
 * and any other gpt, grok or deepseek name shows "No model selected". Requests always carry the
 * real name; only what the person reads changes. Custom endpoints relabel unless their
 * librechat.yaml entry says `relabelModels: false`; built-ins only when theirs says `true`.
 * An explicit `modelLabels` entry wins over these rules.
 */

/** What a model shows as: its own label, the "no model selected" text, or its real name. */
export type ModelRelabel = { kind: 'label'; label: string } | { kind: 'hidden' } | { kind: 'none' };

export const MODEL_RELABELS: ReadonlyArray<{ match: RegExp; label: string }> = [
  { match: /^gpt-4\.1$/, label: 'GPT-4.1 Unfiltered' },
  { match: /^gpt-4\.1-mini$/, label: 'GPT-4.1 Mini Unfiltered' },
  { match: /^grok-3$/, label: 'G3' },
  { match: /^deepseek-chat(?:[-.:].*)?$/, label: 'D1-mini' },
];

/** The families whose other names show "No model selected". */
const HIDDEN_FAMILIES = /^(?:gpt|grok|deepseek)(?:[-.:_]|$)/;

/** A model's relabelling; a vendor prefix (`openai/gpt-4.1`) and letter case do not matter. */
export function relabelModel(model: string): ModelRelabel {
  const name = (model.split('/').pop() ?? model).trim().toLowerCase();
  for (const r of MODEL_RELABELS) if (r.match.test(name)) return { kind: 'label', label: r.label };
  return HIDDEN_FAMILIES.test(name) ? { kind: 'hidden' } : { kind: 'none' };
}
