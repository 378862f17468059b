import type { FastifyBaseLogger } from 'fastify';
import { OPENAI_MODERATION } from '@chat/contract';
import { AppError } from '../../platform/errors.js';
import type { ModerationConfig } from '../../config/app-config.js';
import type { AskGate } from '../ask/index.js';

/** Where the moderation check goes, with whose key (OPENAI_MODERATION_*). */
export type OpenAIModerationConfig = NonNullable<ModerationConfig['openaiModeration']>;

interface ModerationReply {
  results?: Array<{ flagged?: unknown } | null>;
}

/**
 * A gate that sends the message's text to the moderation API before anything is saved or sent
 * upstream: flagged (by any result) is refused with `moderation`; no answer, a refusal or a reply
 * without results is refused with `upstream_unavailable` (a check that did not run lets nothing
 * through). The text is not logged.
 */
export function openaiModerationGate(
  config: OpenAIModerationConfig,
  log: FastifyBaseLogger,
  fetchFn: typeof globalThis.fetch = globalThis.fetch,
): AskGate {
  return {
    name: 'openai moderation',
    // After the concurrency limit: a send it refuses is not sent to the moderation API.
    after: ['concurrent messages'],
    async check(ctx) {
      const text = ctx.input.body.text;
      if (text.trim() === '') return;
      let flagged: boolean;
      try {
        const res = await fetchFn(config.url, {
          method: 'POST',
          headers: { 'content-type': 'application/json', authorization: `Bearer ${config.apiKey}` },
          body: JSON.stringify({ input: text }),
          signal: AbortSignal.timeout(OPENAI_MODERATION.timeoutMs),
        });
        if (!res.ok) throw new Error(`the moderation API answered ${res.status}`);
        const reply = (await res.json()) as ModerationReply;
        if (!Array.isArray(reply.results) || reply.results.length === 0) {
          throw new Error('the moderation API answered no results');
        }
        flagged = reply.results.some((r) => r?.flagged === true);
      } catch (err) {
        log.error({ err: err instanceof Error ? err.message : String(err) }, 'the moderation check failed');
        throw new AppError('upstream_unavailable', OPENAI_MODERATION.failedText);
      }
      if (flagged) throw new AppError('moderation', OPENAI_MODERATION.flaggedText);
    },
  };
}
