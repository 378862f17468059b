import {
  ASSISTANT_DEFAULT_MODEL,
  ASSISTANT_LIMITS,
  type Assistant,
  type AssistantToolInput,
} from '@chat/contract';

/** What the assistant form edits. */
export interface AssistantFormValues {
  name: string;
  description: string;
  instructions: string;
  model: string;
  /** Installed plugins the assistant may call (function tools named by the plugin's key). */
  functions: string[];
  /** code_interpreter: Python in the server's sandbox (offered where the server runs it). */
  codeInterpreter: boolean;
}

export type AssistantTextField = 'name' | 'description' | 'instructions';

export const TEXT_LIMITS: Record<AssistantTextField, number> = {
  name: ASSISTANT_LIMITS.nameMaxChars,
  description: ASSISTANT_LIMITS.descriptionMaxChars,
  instructions: ASSISTANT_LIMITS.instructionsMaxChars,
};

/** Gpt-3.5-turbo-1106 when the server offers it, else the first model offered. */
export function defaultAssistantModel(models: readonly string[] | undefined): string {
  if (!models || models.length === 0 || models.includes(ASSISTANT_DEFAULT_MODEL)) {
    return ASSISTANT_DEFAULT_MODEL;
  }
  return models[0] ?? ASSISTANT_DEFAULT_MODEL;
}

export function emptyValues(models: readonly string[] | undefined): AssistantFormValues {
  return {
    name: '',
    description: '',
    instructions: '',
    model: defaultAssistantModel(models),
    functions: [],
    codeInterpreter: false,
  };
}

export function valuesOf(a: Assistant): AssistantFormValues {
  return {
    name: a.name ?? '',
    description: a.description ?? '',
    instructions: a.instructions ?? '',
    model: a.model,
    functions: a.tools.flatMap((t) => (t.type === 'function' ? [t.function.name] : [])),
    codeInterpreter: a.tools.some((t) => t.type === 'code_interpreter'),
  };
}

/** The text fields over their limits. */
export function overLimit(values: AssistantFormValues): AssistantTextField[] {
  return (Object.keys(TEXT_LIMITS) as AssistantTextField[]).filter((f) => values[f].length > TEXT_LIMITS[f]);
}

/**
 * The create or update body: empty texts are sent as null (cleared). The tools are the functions
 * and code_interpreter (ASSISTANT_RUNNABLE_TOOL_TYPES): retrieval, which the server cannot run, is
 * neither offered nor sent, so an assistant that somehow holds it loses it on its next save
 * instead of failing to save.
 */
export function bodyOf(values: AssistantFormValues) {
  const tools: AssistantToolInput[] = [
    ...(values.codeInterpreter ? [{ type: 'code_interpreter' as const }] : []),
    ...values.functions.map((name) => ({ type: 'function' as const, function: { name } })),
  ];
  const text = (s: string) => (s.trim() === '' ? null : s);
  return {
    name: text(values.name),
    description: text(values.description),
    instructions: text(values.instructions),
    model: values.model,
    tools,
  };
}
