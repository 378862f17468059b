import {
  CODE_TOOL_NAME,
  isRunnableToolType,
  type ApiIssue,
  type AssistantTool,
  type AssistantToolInput,
} from '@chat/contract';
import { AppError } from '../../platform/errors.js';
import type { PluginToolbox } from '../plugins/index.js';

/**
 * Why a tool type cannot run here (docs/decisions.md, Assistants): nothing on this server keeps
 * files to search, no arbitrary function can be called, and code runs only while the code
 * interpreter is on.
 */
const REFUSED_TOOL_REASONS = {
  code_interpreter:
    'code_interpreter is not available: the code interpreter is turned off on this server (CODE_INTERPRETER_ENABLED)',
  retrieval: 'retrieval is not available: this server keeps no files for assistants to search',
  bareFunction:
    'A function tool must name its function ({ "type": "function", "function": { "name": … } }); only an installed plugin can be one',
} as const;

const functionRefused = (name: string, known: boolean) =>
  known
    ? `Function ${name} is a plugin you have not installed: install it first`
    : `Function ${name} cannot run on this server: an assistant's functions are the plugins it runs (install one and name it by its key)`;

/**
 * The tools of a create or update body as they are kept: bare types become objects, each
 * function names a plugin this server runs and the user installed (its description and
 * parameters are the plugin's unless the body gave a description). Anything that cannot really
 * run here is refused with its reason (AppError validation_error, one issue per tool).
 */
export async function checkTools(
  toolbox: PluginToolbox,
  userId: string,
  inputs: readonly AssistantToolInput[],
): Promise<AssistantTool[]> {
  const issues: ApiIssue[] = [];
  const names: { index: number; name: string; description: string | undefined }[] = [];
  let code = false;
  inputs.forEach((input, index) => {
    const tool = typeof input === 'string' ? input : input.type;
    const path = `tools.${index}`;
    if (!isRunnableToolType(tool)) {
      issues.push({ path, message: REFUSED_TOOL_REASONS[tool] });
    } else if (tool === 'code_interpreter') {
      // The code interpreter's tool needs no install: it runs where the server offers it.
      if (toolbox.has(CODE_TOOL_NAME)) code = true;
      else issues.push({ path, message: REFUSED_TOOL_REASONS.code_interpreter });
    } else if (typeof input === 'string' || input.type !== 'function') {
      issues.push({ path, message: REFUSED_TOOL_REASONS.bareFunction });
    } else if (names.some((n) => n.name === input.function.name)) {
      issues.push({ path, message: `Function ${input.function.name} is listed twice` });
    } else {
      names.push({ index, name: input.function.name, description: input.function.description });
    }
  });
  const installed = names.length > 0 ? await toolbox.installed(userId) : [];
  const runnable = names.filter(({ index, name }) => {
    if (toolbox.has(name) && installed.includes(name)) return true;
    issues.push({ path: `tools.${index}`, message: functionRefused(name, toolbox.has(name)) });
    return false;
  });
  if (issues.length > 0) {
    throw new AppError('validation_error', issues.map((i) => i.message).join('; '), issues);
  }
  // The plugins as tools: refuses one whose credentials are missing.
  const tools = await toolbox.tools(
    userId,
    runnable.map((n) => n.name),
  );
  const functions: AssistantTool[] = tools.map((t, i) => ({
    type: 'function',
    function: {
      name: t.name,
      description: runnable[i]?.description ?? t.description,
      parameters: t.parameters,
    },
  }));
  return code ? [{ type: 'code_interpreter' }, ...functions] : functions;
}
