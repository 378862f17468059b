import { DEFAULT_MODELS } from './endpoints.js';
import { PLUGIN_LIMITS } from './plugin-limits.js';

/**
 * Assistants,
 * in the shape of OpenAI's (retired) Assistants API as LibreChat used it. They live in our
 * database and run through chat completions with tools (docs/decisions.md).
 */

export const ASSISTANT_LIMITS = {
  /** Assistant form. */
  nameMaxChars: 256,
  descriptionMaxChars: 512,
  instructionsMaxChars: 32768,
  /** Tools one assistant may have (OpenAI's limit was 128; ours is the plugins' own). */
  maxTools: PLUGIN_LIMITS.maxTools,
  /** OpenAI's metadata: at most 16 pairs, keys up to 64 and values up to 512 characters. */
  metadataMaxPairs: 16,
  metadataKeyMaxChars: 64,
  metadataValueMaxChars: 512,
  /** GET /api/assistants: page size 1–100, 20 by default (OpenAI's list parameters). */
  listMaxLimit: 100,
  listDefaultLimit: 20,
} as const;

/** The assistant form's default (and, in the spec's client, only) model. */
export const ASSISTANT_DEFAULT_MODEL = DEFAULT_MODELS.assistant;

/**
 * The models offered to assistants are the gpt-4 and gpt-3.5 ones, without the vision
 * and instruct variants.
 */
export function isAssistantModel(model: string): boolean {
  const m = model.toLowerCase();
  return (m.includes('gpt-4') || m.includes('gpt-3.5')) && !m.includes('vision') && !m.includes('instruct');
}

export const ASSISTANT_TOOL_TYPES = ['function', 'code_interpreter', 'retrieval'] as const;
export type AssistantToolType = (typeof ASSISTANT_TOOL_TYPES)[number];

/**
 * The tool types an assistant can really use on this server: its functions are the installed
 * plugins, and code_interpreter is the code interpreter's execute_code (where the server runs it).
 * Nothing keeps files to search, so the server refuses retrieval, and the form does not offer it.
 */
export const ASSISTANT_RUNNABLE_TOOL_TYPES = [
  'function',
  'code_interpreter',
] as const satisfies readonly AssistantToolType[];
export type AssistantRunnableToolType = (typeof ASSISTANT_RUNNABLE_TOOL_TYPES)[number];

export function isRunnableToolType(type: AssistantToolType): type is AssistantRunnableToolType {
  return (ASSISTANT_RUNNABLE_TOOL_TYPES as readonly AssistantToolType[]).includes(type);
}
