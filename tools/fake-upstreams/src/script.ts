/**
 * Picks and merges the script for a chat request. Order (first match wins):
 *   1. `[[fake ...]]` directive in the last user message,
 *   2. the next enqueued script (FIFO),
 *   3. nothing extra — `defaults` from the options and the built-in defaults apply.
 * The chosen script's fields override `defaults`, which override the built-in defaults.
 * An agent's later step (tool results after the last user message) keeps a directive's other
 * fields but not its tool calls, which were for the first step, and by default answers with the
 * tool results (a queued script is taken as it is). A script with tool calls and no reply has no text.
 * Title requests (see messages.ts) skip all of this: they always get the built-in title answer,
 * so background title generation never consumes a queued script or trips a failure directive.
 */
import { parseDirectives } from './directive.js';
import {
  isContinueRequest,
  isTitleRequest,
  lastUserText,
  titleFor,
  toolResultsSinceLastUser,
  type ChatMessage,
} from './messages.js';
import { CONTINUATION_REPLY, defaultReply, toolResultsReply } from './reply.js';
import type { FakeScript, ResolvedScript } from './types.js';

const BUILT_IN: ResolvedScript = {
  reply: '',
  tokensPerSecond: 0,
  failAfterTokens: undefined,
  hang: false,
  hangAfterTokens: undefined,
  endAfterTokens: undefined,
  malformedAfterTokens: undefined,
  status: undefined,
  error: undefined,
  errorAfterTokens: undefined,
  finishReason: 'stop',
  split: false,
  toolCalls: [],
};

export function resolveScript(
  messages: ChatMessage[],
  stream: boolean,
  defaults: FakeScript,
  dequeue: () => FakeScript | undefined,
): ResolvedScript {
  if (isTitleRequest(messages, stream)) return { ...BUILT_IN, reply: titleFor(messages) };

  const parsed = parseDirectives(lastUserText(messages));
  const toolResults = toolResultsSinceLastUser(messages);
  const directive =
    parsed.script && toolResults.length > 0 ? { ...parsed.script, toolCalls: undefined } : parsed.script;
  const chosen = directive ?? dequeue() ?? {};
  const merged = { ...BUILT_IN, ...withoutUndefined(defaults), ...withoutUndefined(chosen) };
  if (chosen.reply === undefined && defaults.reply === undefined) {
    merged.reply = defaultText(messages, merged.toolCalls.length > 0, toolResults, parsed.text);
  }
  return merged;
}

/** The reply when no script sets one; a turn that calls tools says nothing, as models mostly do. */
function defaultText(
  messages: ChatMessage[],
  callsTools: boolean,
  toolResults: string[],
  prompt: string,
): string {
  if (callsTools) return '';
  if (isContinueRequest(messages)) return CONTINUATION_REPLY;
  if (toolResults.length > 0) return toolResultsReply(toolResults);
  return defaultReply(prompt);
}

/** `{ tps: undefined }` from JSON-less callers must not erase a default. */
function withoutUndefined(script: FakeScript): FakeScript {
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(script)) if (v !== undefined) out[k] = v;
  return out as FakeScript;
}
