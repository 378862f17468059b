import { CHAT_LIMITS, DEFAULT_TITLE } from '@chat/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { ProviderRegistry } from '../../providers/registry.js';
import type { ConvosRepo } from '../convos/repo.js';

const TITLE_TIMEOUT_MS = 10_000;
const REPLY_EXCERPT_CHARS = 1000;

export const TITLE_INSTRUCTION =
  'Write a concise title (max 5 words) for this conversation. Reply with the title only: ' +
  'no quotes, no trailing punctuation, no prefix.';

/** Cleans what a model answers into a title; empty when nothing usable is left. */
export function cleanTitle(raw: string): string {
  let t = raw.split('\n').find((line) => line.trim()) ?? '';
  t = t.replace(/^\s*title\s*:\s*/i, '').trim();
  t = t.replace(/^["'“”‘’`*]+|["'“”‘’`*]+$/g, '').trim();
  t = t
    .replace(/[.!?,;:\s]+$/, '')
    .replace(/\s+/g, ' ')
    .trim();
  return t.slice(0, CHAT_LIMITS.maxTitleChars).trim();
}

export interface TitleRequest {
  userId: string;
  conversationId: string;
  endpointName: string;
  model: string;
  userText: string;
  replyText: string;
}

/**
 * Titles a new conversation after its first reply: one short non-streaming completion through
 * the same provider (the endpoint's titleModel, else the conversation's model). Never throws:
 * failures are logged and the conversation keeps "New Chat".
 */
export function createTitleService(deps: {
  providers: ProviderRegistry;
  convos: ConvosRepo;
  log: FastifyBaseLogger;
  timeoutMs?: number;
}) {
  return {
    async generate(req: TitleRequest): Promise<string | null> {
      try {
        const { endpoint, provider } = deps.providers.resolve(req.endpointName);
        const raw = await provider.complete(
          {
            model: endpoint.titleModel ?? req.model,
            messages: [
              { role: 'system', content: TITLE_INSTRUCTION },
              { role: 'user', content: req.userText },
              { role: 'assistant', content: req.replyText.slice(0, REPLY_EXCERPT_CHARS) },
              { role: 'user', content: 'Now write the title of this conversation.' },
            ],
            params: { temperature: 0.2, maxOutputTokens: 32 },
          },
          AbortSignal.timeout(deps.timeoutMs ?? TITLE_TIMEOUT_MS),
        );
        const title = cleanTitle(raw);
        if (!title || title === DEFAULT_TITLE) return null;
        const saved = await deps.convos.setGeneratedTitle(req.userId, req.conversationId, title);
        return saved ? title : null;
      } catch (err) {
        deps.log.warn({ err, conversationId: req.conversationId }, 'title generation failed');
        return null;
      }
    },
  };
}
export type TitleService = ReturnType<typeof createTitleService>;
