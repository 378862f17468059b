import { promptBudgetOf, resolveContextTokens } from '@chat/contract';
import type { EndpointDefinition } from '../../../config/app-config.js';
import {
  countMessage,
  countTextAs,
  messageTokenBound,
  textTokenBound,
  tokenizerFamilyOf,
  type TokenCountCache,
} from '../../../providers/token-count.js';
import type { ProviderMessage, ProviderRequest } from '../../../providers/types.js';
import { sourceIdOf } from './build-prompt.js';

/**
 * How many tokens a request's prompt may hold: the context size (the conversation's or preset's
 * `maxContextTokens`, else the endpoint's, else the model's own) less the reply's room.
 */
export function promptBudget(
  model: string,
  options: { maxContextTokens?: number | null | undefined },
  endpoint: Pick<EndpointDefinition, 'maxContextTokens'>,
  maxOutputTokens: number | null | undefined,
): number {
  const context = resolveContextTokens(model, options.maxContextTokens, endpoint.maxContextTokens);
  return promptBudgetOf(context, maxOutputTokens);
}

/** The tokens of everything but the messages: Bing's options, the tools' definitions. */
function fixedTokens(request: ProviderRequest, count: (t: string) => number): number {
  let total = 0;
  const o = request.chatOptions;
  if (o?.systemMessage) total += count(o.systemMessage);
  if (o?.context) total += count(o.context);
  for (const t of request.tools ?? [])
    total += count(t.name + (t.description ?? '') + JSON.stringify(t.parameters));
  return total;
}

/** Counts a request's messages with its model's tokenizer, saved messages through `cache`. */
export function messageCounter(model: string, cache?: TokenCountCache): (m: ProviderMessage) => number {
  const family = tokenizerFamilyOf(model);
  return (m) => countMessage(m, family, sourceIdOf(m), cache);
}

/**
 * Fits a prompt into `budget` tokens. The instructions (the leading system messages: the
 * system prompt, a model config's, a summary) and the newest turn (from the last user message
 * on: the question, a prefill or the reply being continued) are always kept; then as many
 * earlier messages as fit, newest first. The kept history starts with a user message (some
 * upstreams refuse another first role). Counting walks from the newest message back and stops
 * at the first that does not fit, so a long conversation costs only what the context holds.
 * A prompt whose UTF-8 bytes fit is kept without counting: loading the tokenizer blocks the
 * process for ~330 ms, and a short conversation's first reply waited for it.
 */
export function fitPrompt(
  request: ProviderRequest,
  budget: number,
  cache?: TokenCountCache,
): ProviderRequest {
  // Bytes bound tokens from above: a prompt whose bytes fit needs no count (nor a tokenizer).
  let bound = fixedTokens(request, textTokenBound);
  for (const m of request.messages) bound += messageTokenBound(m);
  if (bound <= budget) return request;
  const msgs = request.messages;
  const count = messageCounter(request.model, cache);
  let lead = 0;
  while (lead < msgs.length && msgs[lead]!.role === 'system') lead++;
  let newest = msgs.length;
  for (let i = msgs.length - 1; i >= lead; i--) {
    if (msgs[i]!.role === 'user') {
      newest = i;
      break;
    }
  }
  if (newest === msgs.length) newest = Math.max(lead, msgs.length - 1);
  const family = tokenizerFamilyOf(request.model);
  let used = fixedTokens(request, (t) => countTextAs(family, t));
  for (let i = 0; i < lead; i++) used += count(msgs[i]!);
  for (let i = newest; i < msgs.length; i++) used += count(msgs[i]!);
  let start = newest;
  while (start > lead) {
    const c = count(msgs[start - 1]!);
    if (used + c > budget) break;
    used += c;
    start--;
  }
  if (start === lead) return request;
  while (start < newest && msgs[start]!.role !== 'user') start++;
  return { ...request, messages: [...msgs.slice(0, lead), ...msgs.slice(start)] };
}

/**
 * Where the model's context begins: the first saved message of `sent`, when it is not the first
 * of `built` or `built` was already cut (`trimmed`: older messages were dropped or summarized);
 * undefined when the whole branch went.
 */
export function contextStartOf(
  built: ProviderRequest,
  sent: ProviderRequest,
  trimmed = false,
): string | undefined {
  const first = (r: ProviderRequest) => {
    for (const m of r.messages) {
      const id = sourceIdOf(m);
      if (id !== undefined) return id;
    }
    return undefined;
  };
  const now = first(sent);
  return trimmed || now !== first(built) ? now : undefined;
}
