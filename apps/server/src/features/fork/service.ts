import { randomUUID } from 'node:crypto';
import {
  FORK_LIMITS,
  FORK_TEXTS,
  NO_PARENT,
  type ForkConversationResponse,
  type ForkOption,
} from '@chat/contract';
import type { ConversationRow, MessageRow } from '../../db/schema.js';
import { AppError } from '../../platform/errors.js';
import { presentConversation, type ConvosRepo } from '../convos/index.js';
import { presentMessage, type MessagesRepo, type NewMessage } from '../messages/index.js';
import { MessageTree, parentsFirst, selectForFork, splitAtLevel } from './tree.js';

export interface ForkRequest {
  conversationId: string;
  messageId: string;
  option: ForkOption;
  splitAtTarget: boolean;
  latestMessageId?: string | undefined;
}

const conversationNotFound = () => new AppError('not_found', FORK_TEXTS.conversationNotFound);
const messageNotFound = () => new AppError('not_found', FORK_TEXTS.messageNotFound);
const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));

/** The order GET /api/messages lists a conversation in: oldest first, a question before its reply. */
const listOrder = (a: MessageRow, b: MessageRow) =>
  a.createdAt.getTime() - b.createdAt.getTime() || Number(b.isCreatedByUser) - Number(a.isCreatedByUser);

export function createForkService(deps: { convos: ConvosRepo; messages: MessagesRepo; now: () => Date }) {
  const { convos, messages, now } = deps;

  const source = async (userId: string, conversationId: string) => {
    const convo = await convos.get(userId, conversationId);
    if (!convo) throw conversationNotFound();
    return { convo, rows: await messages.listForConversation(userId, conversationId) };
  };

  /**
   * Writes the copy: a new conversation of the same owner with the source's title, endpoint,
   * model and options, and `chosen` (parents before children) under new ids, parent links and
   * the context marker following them. Each message keeps its time unless that would not come
   * after its parent's (a split's new roots, clocks that went back), then it is its parent's plus
   * a millisecond: the list's order stays parent before child. Attached files are referenced, not
   * copied: a file belongs to its user, not to a message, and deleting a conversation leaves the
   * user's files in place, so either copy can go without the other losing its attachments.
   *
   * The messages go in batches with a turn of the event loop between (a long conversation does
   * not hold the database for everyone); should a batch fail, the new conversation is deleted,
   * so no half copy stays.
   */
  const copy = async (
    userId: string,
    convo: ConversationRow,
    chosen: readonly MessageRow[],
  ): Promise<ForkConversationResponse> => {
    const conversationId = randomUUID();
    const newIds = new Map<string, string>();
    const times = new Map<string, number>();
    const rows: NewMessage[] = [];
    for (const m of chosen) {
      const messageId = randomUUID();
      const parent = newIds.get(m.parentMessageId);
      let at = m.createdAt.getTime();
      if (parent !== undefined) at = Math.max(at, times.get(parent)! + 1);
      newIds.set(m.messageId, messageId);
      times.set(messageId, at);
      rows.push({
        ...m,
        messageId,
        conversationId,
        userId,
        parentMessageId: parent ?? NO_PARENT,
        contextMessageId: m.contextMessageId ? (newIds.get(m.contextMessageId) ?? null) : null,
        createdAt: new Date(at),
        updatedAt: new Date(Math.max(at, m.updatedAt.getTime())),
      });
    }
    const created = now();
    const saved = await convos.insert({
      conversationId,
      userId,
      title: convo.title,
      endpoint: convo.endpoint,
      model: convo.model,
      options: convo.options,
      createdAt: created,
    });
    const written: MessageRow[] = [];
    try {
      for (let i = 0; i < rows.length; i += FORK_LIMITS.insertBatch) {
        if (i > 0) await nextTurn();
        written.push(...(await messages.insertMany(rows.slice(i, i + FORK_LIMITS.insertBatch))));
      }
    } catch (err) {
      await convos.remove(userId, conversationId).catch(() => undefined);
      throw err;
    }
    return {
      conversation: presentConversation(saved),
      messages: written.sort(listOrder).map(presentMessage),
    };
  };

  return {
    /**
     * A new conversation from `messageId` of the caller's conversation, as `option` chooses
     * (tree.ts). With `splitAtTarget` the tree is first cut at the message's level, and the
     * option is then measured from `latestMessageId` (the newest message of the branch shown),
     * or from the message itself when the latest is not below the cut.
     */
    async fork(userId: string, req: ForkRequest): Promise<ForkConversationResponse> {
      const { convo, rows } = await source(userId, req.conversationId);
      const tree = new MessageTree(rows);
      const target = tree.byId.get(req.messageId);
      if (!target) throw messageNotFound();
      if (!req.splitAtTarget) {
        return copy(userId, convo, parentsFirst(tree, selectForFork(tree, target, req.option)));
      }
      if (req.latestMessageId === undefined)
        throw new AppError('validation_error', FORK_TEXTS.latestRequired);
      if (!tree.byId.has(req.latestMessageId)) throw messageNotFound();
      const split = new MessageTree(splitAtLevel(tree, target));
      const from = split.byId.get(req.latestMessageId) ?? split.byId.get(target.messageId)!;
      return copy(userId, convo, parentsFirst(split, selectForFork(split, from, req.option)));
    },

    /** A copy of the caller's whole conversation: every message of every branch. */
    async duplicate(userId: string, conversationId: string): Promise<ForkConversationResponse> {
      const { convo, rows } = await source(userId, conversationId);
      const tree = new MessageTree(rows);
      return copy(userId, convo, parentsFirst(tree, new Set(tree.byId.keys())));
    },
  };
}
export type ForkService = ReturnType<typeof createForkService>;
