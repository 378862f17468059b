import { randomBytes } from 'node:crypto';
import { SHARE_LIMITS, SHARE_TEXTS, type SharedLink, type SharedSnapshot } from '@chat/contract';
import type { MessageRow } from '../../db/schema.js';
import { AppError } from '../../platform/errors.js';
import type { ConvosRepo } from '../convos/index.js';
import type { MessagesRepo } from '../messages/index.js';
import type { ShareRepo, Snapshot } from './repo.js';
import { presentLink, presentReaderMessage, presentSnapshot, type EndpointName } from './presenter.js';

/**
 * The branch a snapshot keeps: from `target` (else the newest message) up to the root, oldest
 * first, its newest SHARE_LIMITS.maxMessages. Undefined when `target` is not in the conversation.
 */
function branchOf(rows: readonly MessageRow[], target: string | undefined): MessageRow[] | undefined {
  const byId = new Map(rows.map((r) => [r.messageId, r]));
  let at = target === undefined ? rows.at(-1) : byId.get(target);
  if (target !== undefined && !at) return undefined;
  const branch: MessageRow[] = [];
  const seen = new Set<string>();
  while (at && !seen.has(at.messageId) && branch.length < SHARE_LIMITS.maxMessages) {
    seen.add(at.messageId);
    branch.push(at);
    at = byId.get(at.parentMessageId);
  }
  return branch.reverse();
}

const notFound = () => new AppError('not_found', SHARE_TEXTS.notFound);

export function createShareService(deps: {
  repo: ShareRepo;
  convos: ConvosRepo;
  messages: MessagesRepo;
  now: () => Date;
  /** Who an endpoint's replies are signed by, for a raw sender. */
  endpointName: EndpointName;
}) {
  const { repo, convos, messages, now } = deps;
  const reader = presentReaderMessage(deps.endpointName);

  /** The conversation's title and branch now; 404 for a conversation that is not the caller's. */
  async function snapshotOf(userId: string, conversationId: string, target?: string): Promise<Snapshot> {
    const convo = await convos.get(userId, conversationId);
    if (!convo) throw new AppError('not_found', SHARE_TEXTS.conversationNotFound);
    const branch = branchOf(await messages.listForConversation(userId, conversationId), target);
    if (!branch) throw new AppError('not_found', SHARE_TEXTS.conversationNotFound);
    return { title: convo.title, messages: branch.map(reader) };
  }

  return {
    /** The link of the conversation, made now unless it has one (LibreChat answers that one). */
    async create(userId: string, conversationId: string, target?: string): Promise<SharedLink> {
      const existing = await repo.ofConversation(userId, conversationId);
      if (existing) return presentLink(existing);
      const snapshot = await snapshotOf(userId, conversationId, target);
      const shareId = randomBytes(SHARE_LIMITS.idBytes).toString('base64url');
      const made = await repo.insert(userId, conversationId, shareId, snapshot, now());
      // Two creates at once: the one that lost answers the link the other made.
      const row = made ?? (await repo.ofConversation(userId, conversationId));
      if (!row) throw notFound();
      return presentLink(row);
    },

    async update(userId: string, shareId: string): Promise<SharedLink> {
      const link = await repo.byShareId(shareId);
      if (link?.userId !== userId) throw notFound();
      const row = await repo.update(userId, shareId, await snapshotOf(userId, link.conversationId), now());
      if (!row) throw notFound();
      return presentLink(row);
    },

    async remove(userId: string, shareId: string) {
      if (!(await repo.remove(userId, shareId))) throw notFound();
      return { success: true, shareId };
    },

    async linkOf(userId: string, conversationId: string) {
      const row = await repo.ofConversation(userId, conversationId);
      // Someone else's conversation is not found, whether or not it is shared.
      if (!row && !(await convos.get(userId, conversationId))) {
        throw new AppError('not_found', SHARE_TEXTS.conversationNotFound);
      }
      return { success: row !== undefined, shareId: row?.shareId ?? null, conversationId };
    },

    async list(userId: string, pageSize: number, cursor: string | undefined) {
      const after = cursor === undefined ? undefined : await repo.byShareId(cursor);
      // A cursor that is not one of the caller's links starts nowhere: an empty page.
      if (cursor !== undefined && after?.userId !== userId) {
        return { links: [], nextCursor: null, hasNextPage: false };
      }
      const rows = await repo.page(userId, pageSize, after);
      const links = rows.slice(0, pageSize).map(presentLink);
      const hasNextPage = rows.length > pageSize;
      return { links, nextCursor: hasNextPage ? (links.at(-1)?.shareId ?? null) : null, hasNextPage };
    },

    /** The snapshot behind a link, for whoever may read it (the route decides). */
    async snapshot(shareId: string): Promise<SharedSnapshot> {
      const row = await repo.byShareId(shareId);
      if (!row) throw notFound();
      return presentSnapshot(row);
    },
  };
}
export type ShareService = ReturnType<typeof createShareService>;
