import { CUT_FINISH_REASON, DEFAULT_TITLE, titleFromText, type PluginState } from '@chat/contract';
import type { Db } from '../../../db/client.js';
import type { ConvosRepo } from '../../convos/index.js';
import { presentConversation } from '../../convos/index.js';
import type { MessagePatch, MessagesRepo } from '../../messages/index.js';
import { presentMessage } from '../../messages/index.js';
import type { TurnResult } from '../generations.js';
import type { Outcome } from './stream-reply.js';
import type { Turn } from './types.js';

export interface SaveDeps {
  db: Pick<Db, 'transaction'>;
  convos: Pick<ConvosRepo, 'update' | 'setGeneratedTitle'>;
  messages: Pick<MessagesRepo, 'update'>;
}

/** The reply's row as the outcome leaves it. */
export function replyPatch(text: string, outcome: Outcome): MessagePatch {
  if (outcome.kind === 'finish') {
    return {
      text,
      unfinished: false,
      error: false,
      finishReason: outcome.finishReason,
      tokenCount: outcome.outputTokens ?? null,
    };
  }
  if (outcome.kind === 'abort') return { text, unfinished: true, error: false, finishReason: 'abort' };
  if (outcome.kind === 'incomplete') {
    return { text, unfinished: true, error: false, finishReason: CUT_FINISH_REASON };
  }
  // A failed reply keeps its partial text. With none, its text is the error as JSON (// "error text may be JSON with a code"), so a reload shows the same spec text for the code as
  // the live error event did.
  return {
    text: text || JSON.stringify({ code: outcome.error.code, message: outcome.error.message }),
    unfinished: false,
    error: true,
    finishReason: 'error',
  };
}

/**
 * save: in one transaction, the reply's outcome and where its model's context began, a new
 * conversation's title from its first message when `titleFromText` (no model title is coming),
 * and the conversation's updatedAt.
 * Null when the conversation was deleted meanwhile (nothing is written then).
 */
export async function saveReply(
  deps: SaveDeps,
  turn: Pick<
    Turn,
    | 'userId'
    | 'conversation'
    | 'requestMessage'
    | 'responseMessage'
    | 'isNewConversation'
    | 'contextMessageId'
  >,
  text: string,
  outcome: Outcome,
  titleFromFirstMessage: boolean,
  /** An agent's display states, saved with the reply (none still loading). */
  plugins?: PluginState[],
): Promise<TurnResult | null> {
  const { userId } = turn;
  const conversationId = turn.conversation.conversationId;
  return deps.db.transaction(async (tx) => {
    const conversation = await deps.convos.update(userId, conversationId, {}, tx);
    if (!conversation) return null;
    const response = await deps.messages.update(
      userId,
      turn.responseMessage.messageId,
      {
        ...replyPatch(text, outcome),
        // Where the model's context began for this reply: a continued reply's earlier start is
        // replaced, cleared when the whole conversation fit this time.
        contextMessageId: turn.contextMessageId ?? null,
        ...(plugins ? { plugins: plugins.map((p) => ({ ...p, loading: false })) } : {}),
      },
      tx,
    );
    if (!response) return null;
    let saved = conversation;
    const title = titleFromText(turn.requestMessage.text);
    if (titleFromFirstMessage && turn.isNewConversation && title !== DEFAULT_TITLE) {
      if (await deps.convos.setGeneratedTitle(userId, conversationId, title, tx)) saved = { ...saved, title };
    }
    return {
      conversation: presentConversation(saved),
      requestMessage: presentMessage(turn.requestMessage),
      responseMessage: presentMessage(response),
    };
  });
}
