import { SUMMARY_LIMITS, promptBudgetOf, resolveContextTokens } from '@chat/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { ProviderRegistry } from '../../providers/registry.js';
import { countTextAs, tokenizerFamilyOf } from '../../providers/token-count.js';
import type { ProviderMessage } from '../../providers/types.js';
import { messageCounter, type AskPromptShaper } from '../ask/index.js';

export const SUMMARY_INSTRUCTION =
  'Summarize the conversation below for the assistant who continues it: keep every fact, name, ' +
  'number, decision and open question the user may refer to later; leave out greetings and ' +
  'filler. Write plain prose, at most 300 words.';
export const SUMMARY_PREFIX = 'Summary of the earlier conversation:';

const textOf = (m: ProviderMessage): string =>
  typeof m.content === 'string'
    ? m.content
    : m.content.flatMap((p) => (p.type === 'text' ? [p.text] : ['[image]'])).join('\n');

/** The messages a summary replaces: after the leading system messages, before the recent ones. */
export function splitForSummary(messages: readonly ProviderMessage[], keepRecent: number) {
  let lead = 0;
  while (lead < messages.length && messages[lead]!.role === 'system') lead++;
  const recentFrom = Math.max(lead, messages.length - keepRecent);
  return {
    system: messages.slice(0, lead),
    older: messages.slice(lead, recentFrom),
    recent: messages.slice(recentFrom),
  };
}

/**
 * The older turns as a transcript for the summary model, within `budget` tokens of it: the
 * newest turns first, a turn longer than what is left cut to its end, the oldest left out (the
 * summary request must fit the summary model's context as much as the prompt fits its model's).
 */
export function transcriptWithin(older: readonly ProviderMessage[], model: string, budget: number): string {
  const count = messageCounter(model);
  const lines: string[] = [];
  let left = budget;
  for (let i = older.length - 1; i >= 0 && left > 0; i--) {
    const m = older[i]!;
    if (m.role !== 'user' && m.role !== 'assistant') continue;
    const label = m.role === 'user' ? 'User' : 'Assistant';
    const cost = count(m);
    if (cost <= left) {
      lines.push(`${label}: ${textOf(m)}`);
      left -= cost;
      continue;
    }
    // Its end, in proportion to the room left, with a tenth to spare for uneven tokens.
    const text = textOf(m);
    const keep = Math.floor((text.length * left * 0.9) / cost);
    if (keep > 0) lines.push(`${label}: …${text.slice(text.length - keep)}`);
    break;
  }
  return lines.reverse().join('\n\n');
}

/**
 * librechat.yaml `summarize: true` (custom endpoints): a prompt that would not leave the reply
 * its room in the model's context (the turn's prompt budget, steps/fit-context.ts) has its older
 * turns replaced by a summary, written with the endpoint's `summaryModel` (else the conversation's model) through
 * the same credentials. The summary is made per request and not saved: the saved conversation
 * stays whole, and a failed summary leaves the prompt as it was (then cut to fit, oldest first).
 */
export function summaryShaper(deps: {
  providers: ProviderRegistry;
  log: FastifyBaseLogger;
}): AskPromptShaper {
  return {
    name: 'summarize',
    async shape(ctx, request) {
      if (!ctx.endpoint.summarize) return request;
      const budget = Math.floor(ctx.promptBudget * SUMMARY_LIMITS.triggerRatio);
      const count = messageCounter(request.model);
      let used = 0;
      for (const m of request.messages) {
        used += count(m);
        if (used > budget) break;
      }
      if (used <= budget) return request;
      const { system, older, recent } = splitForSummary(request.messages, SUMMARY_LIMITS.keepRecent);
      if (older.length === 0) return request;
      const summaryModel = ctx.endpoint.summaryModel ?? request.model;
      const transcript = transcriptWithin(
        older,
        summaryModel,
        promptBudgetOf(
          resolveContextTokens(summaryModel, null, ctx.endpoint.maxContextTokens),
          SUMMARY_LIMITS.maxSummaryTokens,
        ) - countTextAs(tokenizerFamilyOf(summaryModel), SUMMARY_INSTRUCTION),
      );
      if (!transcript) return request;
      try {
        const provider = await deps.providers.provider(ctx.endpoint, ctx.input.userId);
        const { text } = await provider.complete(
          {
            model: summaryModel,
            messages: [
              { role: 'system', content: SUMMARY_INSTRUCTION },
              { role: 'user', content: transcript },
            ],
            params: { temperature: 0.2, maxOutputTokens: SUMMARY_LIMITS.maxSummaryTokens },
          },
          AbortSignal.timeout(SUMMARY_LIMITS.timeoutMs),
        );
        if (!text.trim()) return request;
        const summary: ProviderMessage = { role: 'system', content: `${SUMMARY_PREFIX}\n${text.trim()}` };
        return { ...request, messages: [...system, summary, ...recent] };
      } catch (err) {
        deps.log.warn({ err, endpoint: ctx.endpoint.name }, 'summarizing the conversation failed');
        return request;
      }
    },
  };
}
