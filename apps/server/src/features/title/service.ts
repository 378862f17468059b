import { CHAT_LIMITS, DEFAULT_TITLE, titleFromText } from '@chat/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { ProviderRegistry } from '../../providers/registry.js';
import type { ProviderCompletion } from '../../providers/types.js';
import type { ConvosRepo } from '../convos/index.js';
import { withRequestContext } from '../../providers/placeholders.js';

export const TITLE_TIMEOUT_MS = 10_000;
const REPLY_EXCERPT_CHARS = 1000;

export const TITLE_INSTRUCTION =
  'Write a concise title (max 5 words) for this conversation. Reply with the title only: ' +
  'no quotes, no prefix, no trailing period.';

/**
 * Cleans what a model answers into a title; empty when nothing usable is left. Words and the
 * punctuation that carries meaning (a question mark, an exclamation mark) are kept; quotes, a
 * "Title:" prefix and a trailing period, comma or colon are not.
 */
export function cleanTitle(raw: string): string {
  let t = raw.split('\n').find((line) => line.trim()) ?? '';
  t = t.replace(/^\s*title\s*:\s*/i, '').trim();
  t = t.replace(/^["'“”‘’`*]+|["'“”‘’`*]+$/g, '').trim();
  t = t
    .replace(/[.,;:\s]+$/, '')
    .replace(/\s+/g, ' ')
    .trim();
  return t.slice(0, CHAT_LIMITS.maxTitleChars).trim();
}

/**
 * The function a model calls with the title when the endpoint's `titleMethod` is `functions`
 * (LibreChat's custom endpoints), instead of answering it as text.
 */
const TITLE_FUNCTION = {
  name: 'submit_title',
  description: 'Submit the title of the conversation: at most 5 words, no quotes, no trailing period.',
  parameters: {
    type: 'object',
    properties: { title: { type: 'string', description: 'The conversation title' } },
    required: ['title'],
    additionalProperties: false,
  },
};

/** The title in a completion: the submit_title call's argument when there is one, else the text. */
function titleOfCompletion(completion: ProviderCompletion): string {
  const call = completion.toolCalls.find((c) => c.name === TITLE_FUNCTION.name);
  if (call) {
    try {
      const args: unknown = JSON.parse(call.arguments);
      const title = (args as { title?: unknown } | null)?.title;
      if (typeof title === 'string') return title;
    } catch {
      // Arguments that are not JSON: the text, if any, is all there is.
    }
  }
  return completion.text;
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
 * the same provider (the endpoint's titleModel, else the conversation's model), answered as text
 * or, with `titleMethod: functions`, as a call of TITLE_FUNCTION. When that fails
 * or answers nothing usable, the first message is the title (`titleFromText`), so no conversation
 * stays "New Chat". A title never replaces a name the user gave meanwhile.
 *
 * The title being written is kept per conversation, so `POST /api/convos/gen_title` asked right
 * after the final event answers as soon as it exists instead of 404 (the client asks at once).
 */
export function createTitleService(deps: {
  providers: ProviderRegistry;
  convos: ConvosRepo;
  log: FastifyBaseLogger;
  timeoutMs?: number;
}) {
  const pending = new Map<string, Promise<string | null>>();

  const ask = async (req: TitleRequest): Promise<string> => {
    try {
      const endpoint = deps.providers.endpoint(req.endpointName);
      // A title request is about the conversation: its id is there for the endpoint's placeholders.
      const provider = withRequestContext(await deps.providers.provider(endpoint, req.userId), {
        body: { CONVERSATIONID: req.conversationId },
      });
      const byFunction = endpoint.titleMethod === 'functions';
      const completion = await provider.complete(
        {
          model: endpoint.titleModel ?? req.model,
          messages: [
            { role: 'system', content: TITLE_INSTRUCTION },
            { role: 'user', content: req.userText },
            { role: 'assistant', content: req.replyText.slice(0, REPLY_EXCERPT_CHARS) },
            { role: 'user', content: 'Now write the title of this conversation.' },
          ],
          params: { temperature: 0.2, maxOutputTokens: byFunction ? 64 : 32 },
          ...(byFunction ? { tools: [TITLE_FUNCTION], toolChoice: { name: TITLE_FUNCTION.name } } : {}),
        },
        AbortSignal.timeout(deps.timeoutMs ?? TITLE_TIMEOUT_MS),
      );
      const title = cleanTitle(titleOfCompletion(completion));
      if (title && title !== DEFAULT_TITLE) return title;
    } catch (err) {
      deps.log.warn({ err, conversationId: req.conversationId }, 'title generation failed');
    }
    return titleFromText(req.userText);
  };

  /** Saves `title` unless the conversation was renamed (or deleted); the saved title or null. */
  const save = async (userId: string, conversationId: string, title: string): Promise<string | null> => {
    if (title === DEFAULT_TITLE) return null;
    return (await deps.convos.setGeneratedTitle(userId, conversationId, title)) ? title : null;
  };

  return {
    /** Writes and saves the title with the model. Never throws; the saved title or null. */
    generate(req: TitleRequest): Promise<string | null> {
      const task = ask(req)
        .then((title) => save(req.userId, req.conversationId, title))
        .catch((err: unknown) => {
          deps.log.warn({ err, conversationId: req.conversationId }, 'saving the title failed');
          return null;
        })
        .finally(() => {
          if (pending.get(req.conversationId) === task) pending.delete(req.conversationId);
        });
      pending.set(req.conversationId, task);
      return task;
    },

    /** Resolves once the title being written for that conversation (if any) is saved. */
    async settled(conversationId: string): Promise<void> {
      await pending.get(conversationId);
    },
  };
}
export type TitleService = ReturnType<typeof createTitleService>;
