import type {
  JSONSchema7,
  LanguageModelV3FilePart,
  LanguageModelV3FunctionTool,
  LanguageModelV3Message,
  LanguageModelV3Prompt,
  LanguageModelV3TextPart,
  LanguageModelV3ToolChoice,
} from '@ai-sdk/provider';
import type {
  ProviderContentPart,
  ProviderMessage,
  ProviderRequest,
  ProviderTool,
  ProviderToolChoice,
} from '../types.js';

const DATA_URL = /^data:([^;,]+)(?:;[^,]*)?;base64,(.*)$/s;

/**
 * An image as the SDK's file part: a `data:` URL becomes its bytes (base64) and media type, any
 * other URL stays a URL, which the OpenAI adapter sends as `image_url`.
 */
function imagePart(part: Extract<ProviderContentPart, { type: 'image' }>): LanguageModelV3FilePart {
  const data = DATA_URL.exec(part.url);
  // OpenAI's chat protocol (openAI, azureOpenAI, custom) reads the detail; others ignore it.
  const detail = part.detail
    ? { providerOptions: { openai: { imageDetail: part.detail }, azure: { imageDetail: part.detail } } }
    : {};
  if (data) return { type: 'file', mediaType: part.mediaType ?? data[1]!, data: data[2]!, ...detail };
  return { type: 'file', mediaType: part.mediaType ?? 'image/*', data: new URL(part.url), ...detail };
}

function userContent(
  content: string | ProviderContentPart[],
): (LanguageModelV3TextPart | LanguageModelV3FilePart)[] {
  if (typeof content === 'string') return [{ type: 'text', text: content }];
  return content.map((p) => (p.type === 'text' ? { type: 'text', text: p.text } : imagePart(p)));
}

/** Tool arguments travel as the model's JSON text; the SDK wants a value (and re-serialises it). */
function parseArguments(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

function message(m: Exclude<ProviderMessage, { role: 'system' }>): LanguageModelV3Message {
  switch (m.role) {
    case 'user':
      return { role: 'user', content: userContent(m.content) };
    case 'assistant':
      return {
        role: 'assistant',
        content: [
          ...(m.content ? [{ type: 'text' as const, text: m.content }] : []),
          ...(m.toolCalls ?? []).map((c) => ({
            type: 'tool-call' as const,
            toolCallId: c.id,
            toolName: c.name,
            input: parseArguments(c.arguments),
          })),
        ],
      };
    case 'tool':
      return {
        role: 'tool',
        content: [
          {
            type: 'tool-result',
            toolCallId: m.toolCallId,
            toolName: m.toolName,
            output: { type: 'text', value: m.content },
          },
        ],
      };
  }
}

/**
 * The prompt in the SDK's provider format (what streamText would hand to `doStream`): system
 * messages joined and first, then the turns in order.
 */
function providerPrompt(messages: ProviderMessage[]): LanguageModelV3Prompt {
  const system = messages.flatMap((m) => (m.role === 'system' ? [m.content] : []));
  const turns = messages.flatMap((m) => (m.role === 'system' ? [] : [message(m)]));
  return system.length > 0 ? [{ role: 'system', content: system.join('\n\n') }, ...turns] : turns;
}

function tool(t: ProviderTool): LanguageModelV3FunctionTool {
  return {
    type: 'function',
    name: t.name,
    ...(t.description === undefined ? {} : { description: t.description }),
    inputSchema: t.parameters as JSONSchema7,
  };
}

function toolChoice(choice: ProviderToolChoice): LanguageModelV3ToolChoice {
  return typeof choice === 'string' ? { type: choice } : { type: 'tool', toolName: choice.name };
}

/** The call options shared by streaming and one-shot requests. */
export function callOptions(req: ProviderRequest) {
  const p = req.params ?? {};
  return {
    prompt: providerPrompt(req.messages),
    temperature: p.temperature,
    topP: p.top_p,
    topK: p.top_k,
    frequencyPenalty: p.frequency_penalty,
    presencePenalty: p.presence_penalty,
    maxOutputTokens: p.maxOutputTokens,
    ...(req.tools?.length ? { tools: req.tools.map(tool) } : {}),
    ...(req.tools?.length && req.toolChoice ? { toolChoice: toolChoice(req.toolChoice) } : {}),
  };
}
