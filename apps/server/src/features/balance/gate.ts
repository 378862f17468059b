import type { FastifyBaseLogger } from 'fastify';
import { canSendWithSubscription, tokenCost, type TokenBalanceError } from '@chat/contract';
import { AppError } from '../../platform/errors.js';
import type { AskGate, AskHold, ReplySpend, StepContext } from '../ask/index.js';
import type { AutoRefill } from './yaml.js';
import type { BalanceRepo } from './repo.js';
import { countPrompt, countText } from '../../providers/token-count.js';

/**
 * The completion a send reserves for: the conversation's maxOutputTokens when it sets a lower
 * cap, else this many tokens (docs/decisions.md "Token balance: what a send reserves").
 */
const COMPLETION_RESERVE_TOKENS = 1_000;

/** What a send reserves: its own text at the prompt rate plus the bounded completion. */
export function reservationOf(ctx: Pick<StepContext, 'input' | 'model'>): {
  promptTokens: number;
  completionTokens: number;
  cost: number;
} {
  const body = ctx.input.body;
  const promptTokens = countText(body.text);
  const cap = body.maxOutputTokens;
  const completionTokens =
    typeof cap === 'number' && cap > 0 ? Math.min(cap, COMPLETION_RESERVE_TOKENS) : COMPLETION_RESERVE_TOKENS;
  return { promptTokens, completionTokens, cost: tokenCost(ctx.model, promptTokens, completionTokens) };
}

/**
 * The tokens a reply really used: the provider's usage, else counted with the tokenizer. A reply
 * that failed before any text and without usage (an upstream refusal: 401, 429, 5xx) used nothing.
 */
function usedTokens(spent: ReplySpend): { promptTokens: number; completionTokens: number } {
  if (spent.outcome === 'error' && !spent.usage && !spent.completion)
    return { promptTokens: 0, completionTokens: 0 };
  return {
    promptTokens: spent.usage?.inputTokens ?? countPrompt(spent.request),
    completionTokens: spent.usage?.outputTokens ?? countText(spent.completion),
  };
}

/**
 * The balance gate: a send reserves its cost in one conditional update (refused with
 * token_balance when the balance cannot cover it, before the upstream is called); the hold
 * settles with the real usage when the reply ends, or gives everything back when nothing was sent.
 * With subscriptions on, a valid subscription pays instead: its holder spends no credits (people
 * pay per use or by subscription, not both), which is what makes subscribing a way past an empty
 * balance.
 */
export function balanceGate(
  repo: BalanceRepo,
  log: FastifyBaseLogger,
  subscriptions: { now: () => number } | undefined,
  autoRefill?: { settings: AutoRefill; now: () => number },
): AskGate {
  return {
    name: 'balance',
    // Last: it reserves credits, so every refusal of another gate comes before it (no
    // reservation taken and given back, and no "Insufficient Funds" when credits would not help).
    after: ['concurrent messages', 'openai moderation', 'subscription', 'freeTier', 'premium'],
    async check(ctx): Promise<AskHold | void> {
      const { userId } = ctx.input;
      if (subscriptions && canSendWithSubscription(await repo.subscriptionOf(userId), subscriptions.now()))
        return;
      const reserved = reservationOf(ctx);
      const note = {
        model: ctx.model,
        promptTokens: reserved.promptTokens,
        completionTokens: reserved.completionTokens,
      };
      let after = await repo.take(userId, reserved.cost, 'reserve', note);
      // As in LibreChat, a due refill is given when a send finds the balance short, then tried again.
      if (
        after === undefined &&
        autoRefill &&
        (await repo.refillIfDue(userId, autoRefill.settings, new Date(autoRefill.now()))) !== undefined
      )
        after = await repo.take(userId, reserved.cost, 'reserve', note);
      if (after === undefined) {
        const refusal: TokenBalanceError = {
          type: 'token_balance',
          balance: await repo.get(userId),
          tokenCost: reserved.cost,
          promptTokens: reserved.promptTokens,
        };
        throw new AppError('token_balance', JSON.stringify(refusal));
      }
      let settled = false;
      return {
        async settle(spent) {
          if (settled) return;
          settled = true;
          try {
            if (!spent) {
              await repo.settle(userId, -reserved.cost, { model: ctx.model, reason: 'not sent' });
              return;
            }
            const used = usedTokens(spent);
            const cost = tokenCost(spent.model, used.promptTokens, used.completionTokens);
            await repo.settle(userId, cost - reserved.cost, {
              model: spent.model,
              ...used,
              conversationId: spent.conversationId,
              messageId: spent.messageId,
            });
          } catch (err) {
            log.error({ err, userId }, 'settling a balance reservation failed');
          }
        },
      };
    },
  };
}
