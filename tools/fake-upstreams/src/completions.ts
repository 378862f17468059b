/**
 * OpenAI's legacy Completions API (`POST /v1/completions`): a `prompt` string in, `text_completion`
 * chunks out. Apps send it for custom endpoints with `forcePrompt: true` (LibreChat's setting);
 * the AI SDK's completion model writes the conversation as `user:` / `assistant:` blocks.
 */
import type { ChatMessage } from './messages.js';
import type { StreamWire } from './respond.js';
import type { ResolvedScript } from './types.js';
import { usageOf, type CompletionMeta, type Usage } from './wire.js';

const TURN = /^(system|user|assistant):\n/;

/**
 * The prompt as chat messages, so directives, continuations and titles work as on the chat
 * route: blocks that start with `user:` or `assistant:` become those turns, the rest is system
 * text; a prompt without such blocks is one user message.
 */
export function promptMessages(prompt: string): ChatMessage[] {
  const blocks = prompt.split(/\n\n(?=(?:user|assistant):\n)/);
  const messages: ChatMessage[] = [];
  for (const block of blocks) {
    const m = TURN.exec(block);
    if (m) messages.push({ role: m[1]!, text: block.slice(m[0].length) });
    else if (block.trim()) messages.push({ role: messages.length === 0 ? 'system' : 'user', text: block });
  }
  // The prompt ends with an empty `assistant:` for the model to fill in: not a turn of its own.
  const last = messages.at(-1);
  if (last?.role === 'assistant' && last.text.trim() === '') messages.pop();
  if (!messages.some((m) => m.role === 'user')) return [{ role: 'user', text: prompt }];
  return messages;
}

export function textCompletionBody(meta: CompletionMeta, text: string, finishReason: string, usage: Usage) {
  return {
    id: meta.id,
    object: 'text_completion',
    created: meta.created,
    model: meta.model,
    choices: [{ text, index: 0, logprobs: null, finish_reason: finishReason }],
    usage,
  };
}

/** The stream of one text completion: a chunk per token, the finish, usage when asked, [DONE]. */
export function textCompletionWire(
  meta: CompletionMeta,
  script: ResolvedScript,
  opts: { includeUsage: boolean; promptTokens: number },
): StreamWire {
  const head =
    `data: {"id":${JSON.stringify(meta.id)},"object":"text_completion",` +
    `"created":${meta.created},"model":${JSON.stringify(meta.model)},`;
  const choice = (text: string, finish: string | null) =>
    `${head}"choices":[{"text":${JSON.stringify(text)},"index":0,"logprobs":null,"finish_reason":${JSON.stringify(finish)}}]}\n\n`;
  return {
    head: () => '',
    token: (text) => choice(text, null),
    malformed: () => 'data: {"id":"cmpl-broken","object":"text_completion","choices":[{"te\n\n',
    error: (status) =>
      `data: ${JSON.stringify({ error: { message: `Upstream error ${status}`, type: 'server_error', code: null } })}\n\n`,
    tail(tokenCount) {
      let tail = choice('', script.finishReason);
      if (opts.includeUsage) {
        tail += `${head}"choices":[],"usage":${JSON.stringify(usageOf(opts.promptTokens, tokenCount))}}\n\n`;
      }
      return tail + 'data: [DONE]\n\n';
    },
  };
}
