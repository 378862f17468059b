import type { FastifyBaseLogger } from 'fastify';
import type { ProviderError } from '../../providers/types.js';
import type { ConvosRepo } from '../convos/repo.js';
import { presentConversation } from '../convos/presenter.js';
import type { MessagesRepo } from '../messages/repo.js';
import { presentMessage } from '../messages/presenter.js';
import type { ReplyFlusher } from './flusher.js';
import type { TitleService } from '../title/service.js';
import { SHUTDOWN_ABORT, type Generations, type TurnResult } from './generations.js';
import type { Turn } from './service.js';

export interface RunnerDeps {
  convos: ConvosRepo;
  messages: MessagesRepo;
  generations: Generations;
  titles: TitleService;
  titleConvo: boolean;
  log: FastifyBaseLogger;
  /** Saves the text so far of every streaming reply, in one statement per tick. */
  flusher: ReplyFlusher;
}

type Outcome =
  | { kind: 'finish'; finishReason: string; outputTokens: number | undefined }
  | { kind: 'abort' }
  | { kind: 'error'; error: ProviderError };

/**
 * Runs one reply to its end, whatever happens to the clients: streams deltas to the generation's
 * hub (which fans them out to every attached client stream), has the flusher write the text so
 * far to the database at least every CHAT_LIMITS.streamFlushMs, then saves the outcome, sends the
 * final (or error) event and settles the generation. Never rejects.
 */
export async function runGeneration(turn: Turn, deps: RunnerDeps): Promise<TurnResult | null> {
  const { userId, generation } = turn;
  const sink = generation.hub;
  const replyId = turn.responseMessage.messageId;
  const signal = generation.controller.signal;
  let text = turn.prefix;
  deps.flusher.add(replyId, userId, text, () => text);

  let outcome: Outcome | undefined;
  try {
    sink.begin({
      conversationId: turn.conversation.conversationId,
      requestMessage: presentMessage(turn.requestMessage),
      responseMessage: { ...presentMessage(turn.responseMessage), text: turn.prefix },
    });
    sink.event({
      created: true,
      message: presentMessage(turn.requestMessage),
      conversationId: turn.conversation.conversationId,
      responseMessageId: replyId,
    });
    for await (const ev of turn.provider.stream(turn.upstream, signal)) {
      if (ev.type === 'text') {
        text += ev.text;
        sink.delta(ev.text);
      } else if (ev.type === 'finish') {
        outcome = { kind: 'finish', finishReason: ev.finishReason, outputTokens: ev.usage?.outputTokens };
      } else if (ev.type === 'error') {
        outcome = { kind: 'error', error: ev.error };
        break;
      }
      // reasoning, tool calls and usage are not shown or saved yet (later issues).
    }
  } catch (err) {
    deps.log.error({ err }, 'provider stream threw');
    outcome = { kind: 'error', error: { code: 'upstream_error', message: 'The reply failed unexpectedly' } };
  }
  if (signal.aborted && outcome?.kind !== 'finish') outcome = { kind: 'abort' };
  outcome ??= {
    kind: 'error',
    error: { code: 'upstream_error', message: 'The provider ended the reply unexpectedly' },
  };

  // A new conversation's title: written by the model after a reply that went out (finished or
  // stopped), else made from the first message right away (failed reply, shutdown, titles off),
  // so no conversation stays "New Chat".
  const modelTitle =
    deps.titleConvo &&
    outcome.kind !== 'error' &&
    !(outcome.kind === 'abort' && signal.reason === SHUTDOWN_ABORT);
  let result: TurnResult | null = null;
  try {
    // Off the flusher, and past any batch write that may carry it, before the final save.
    await deps.flusher.remove(replyId);
    result = await save(turn, text, outcome, deps, !modelTitle);
    if (!result) {
      sink.event({ error: true, code: 'not_found', message: 'The conversation was deleted' });
      sink.end();
    } else if (outcome.kind === 'error') {
      sink.event({ error: true, code: outcome.error.code, message: outcome.error.message, ...result });
      sink.end();
    } else if (outcome.kind === 'abort' && signal.reason === SHUTDOWN_ABORT) {
      // Cut by a shutdown past its deadline: saved unfinished (Continue works after the restart).
      sink.event({
        error: true,
        code: 'server_shutdown',
        message: 'The server is restarting; the reply so far was saved',
        ...result,
      });
      sink.end();
    } else {
      sink.event({ final: true, ...result });
      sink.end();
      if (modelTitle && turn.isNewConversation) {
        deps.generations.track(
          deps.titles.generate({
            userId,
            conversationId: turn.conversation.conversationId,
            endpointName: turn.endpoint.name,
            model: turn.upstream.model,
            userText: turn.requestMessage.text,
            replyText: text,
          }),
        );
      }
    }
  } catch (err) {
    deps.log.error({ err }, 'saving the reply failed');
    sink.event({ error: true, code: 'internal', message: 'The reply could not be saved' });
    sink.end();
  }
  deps.generations.settle(generation, result);
  return result;
}

/**
 * Saves the reply's outcome (and, with `titleFromText`, a new conversation's title from its first
 * message); null when its conversation was deleted meanwhile.
 */
async function save(
  turn: Turn,
  text: string,
  outcome: Outcome,
  deps: RunnerDeps,
  titleFromText: boolean,
): Promise<TurnResult | null> {
  const { userId } = turn;
  const patch =
    outcome.kind === 'finish'
      ? {
          text,
          unfinished: false,
          error: false,
          finishReason: outcome.finishReason,
          tokenCount: outcome.outputTokens ?? null,
        }
      : outcome.kind === 'abort'
        ? { text, unfinished: true, error: false, finishReason: 'abort' }
        : // A failed reply keeps its partial text. With none, its text is the error as JSON
          // (business §8: "error text may be JSON with a code"), so a reload shows the same spec
          // text for the code as the live error event did.
          {
            text: text || JSON.stringify({ code: outcome.error.code, message: outcome.error.message }),
            unfinished: false,
            error: true,
            finishReason: 'error',
          };
  const response = await deps.messages.update(userId, turn.responseMessage.messageId, patch);
  if (titleFromText && turn.isNewConversation) {
    await deps.titles.fromFirstMessage(userId, turn.conversation.conversationId, turn.requestMessage.text);
  }
  const conversation = await deps.convos.update(userId, turn.conversation.conversationId, {});
  if (!response || !conversation) return null;
  return {
    conversation: presentConversation(conversation),
    requestMessage: presentMessage(turn.requestMessage),
    responseMessage: presentMessage(response),
  };
}
