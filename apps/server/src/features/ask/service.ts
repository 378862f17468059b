import { randomUUID } from 'node:crypto';
import {
  conversationOptionsSchema,
  NO_PARENT,
  type AskRequest,
  type ConversationOptions,
} from '@chat/contract';
import type { EndpointDefinition } from '../../config/app-config.js';
import type { Db } from '../../db/client.js';
import type { ConversationRow, MessageRow } from '../../db/schema.js';
import { AppError } from '../../platform/errors.js';
import type { ProviderRegistry } from '../../providers/registry.js';
import { requestParams } from '../../providers/params.js';
import type { ChatProvider, ProviderRequest } from '../../providers/types.js';
import type { ConvosRepo, Executor } from '../convos/repo.js';
import type { MessagesRepo, NewMessage } from '../messages/repo.js';
import type { Generation, Generations } from './generations.js';
import { buildHistory } from './history.js';

export type AskRoute = 'ask' | 'edit';
export type TurnMode = 'ask' | 'regenerate' | 'continue';

/** Everything a generation needs, saved before the first byte is streamed. */
export interface Turn {
  mode: TurnMode;
  userId: string;
  isNewConversation: boolean;
  conversation: ConversationRow;
  requestMessage: MessageRow;
  /** The reply's row (unfinished until the generation settles). */
  responseMessage: MessageRow;
  /** Text the reply already has (continue / edited AI message); deltas are appended to it. */
  prefix: string;
  endpoint: EndpointDefinition;
  provider: ChatProvider;
  upstream: ProviderRequest;
  generation: Generation;
}

const OPTION_KEYS = Object.keys(conversationOptionsSchema.shape).filter(
  (k) => k !== 'model',
) as (keyof ConversationOptions)[];

/** The conversation options of an ask body, without unset values (model has its own column). */
function pickOptions(body: AskRequest): ConversationOptions {
  const out: Record<string, unknown> = {};
  for (const k of OPTION_KEYS) if (body[k] !== undefined && body[k] !== null) out[k] = body[k];
  return out as ConversationOptions;
}

export interface AskServiceDeps {
  db: Db;
  convos: ConvosRepo;
  messages: MessagesRepo;
  providers: ProviderRegistry;
  generations: Generations;
}

/**
 * Validates an ask / edit request and saves what must exist before streaming: the conversation
 * (created or updated), the user message, and the reply's row marked unfinished. Every failure
 * here is an AppError answered as JSON, before the event stream opens.
 */
export function createAskService(deps: AskServiceDeps) {
  const { convos, messages } = deps;

  return {
    async prepare(userId: string, route: AskRoute, pathEndpoint: string, body: AskRequest): Promise<Turn> {
      if (!body.isContinued && !body.isRegenerate && !body.text.trim()) {
        throw new AppError('validation_error', 'The message is empty');
      }
      const endpoint = deps.providers.endpoint(body.endpoint);
      // The path names the endpoint or its type (custom endpoints may all post to /ask/custom).
      if (pathEndpoint !== endpoint.name && pathEndpoint !== endpoint.type) {
        throw new AppError('unknown_endpoint', `Endpoint ${pathEndpoint} does not match ${body.endpoint}`);
      }
      const model = deps.providers.resolveModel(endpoint, body.model);
      const options = pickOptions(body);
      // The endpoint's own ranges and defaults (contract params.ts), refused before anything is saved.
      const params = requestParams(endpoint.type, model, options);
      // The server's key or the user's own (AppError no_user_key), before anything is saved.
      const provider = await deps.providers.provider(endpoint, userId);

      const existing = body.conversationId ? await convos.get(userId, body.conversationId) : undefined;
      if (body.conversationId && !existing) throw new AppError('not_found', 'Conversation not found');
      const conversationId = existing?.conversationId ?? randomUUID();
      const generation = deps.generations.reserve(conversationId, userId);

      try {
        const rows = existing ? await messages.listForConversation(userId, conversationId) : [];
        const byId = new Map(rows.map((r) => [r.messageId, r]));
        const target = body.responseMessageId ? byId.get(body.responseMessageId) : undefined;
        const continuesAi = target !== undefined && !target.isCreatedByUser;
        const mode: TurnMode =
          body.isContinued || (route === 'edit' && body.isEdited && continuesAi)
            ? 'continue'
            : body.isRegenerate
              ? 'regenerate'
              : 'ask';

        const now = new Date();
        const sender = options.chatGptLabel || endpoint.label || endpoint.name;
        const replyRow = (parentMessageId: string): NewMessage => ({
          messageId:
            body.responseMessageId && !byId.has(body.responseMessageId)
              ? body.responseMessageId
              : randomUUID(),
          conversationId,
          userId,
          parentMessageId,
          sender,
          text: '',
          isCreatedByUser: false,
          endpoint: endpoint.name,
          model,
          unfinished: true,
          // One millisecond after the request so "oldest first" lists the user message first.
          createdAt: new Date(now.getTime() + 1),
          updatedAt: new Date(now.getTime() + 1),
        });
        const insertReply = async (tx: Executor, parentMessageId: string): Promise<MessageRow> => {
          const row = replyRow(parentMessageId);
          const saved =
            (await messages.insert(row, tx)) ??
            (await messages.insert({ ...row, messageId: randomUUID() }, tx));
          if (!saved) throw new AppError('id_conflict', 'Could not create the reply');
          return saved;
        };

        const saved = await deps.db.transaction(async (tx) => {
          const conversation = existing
            ? await convos.update(
                userId,
                conversationId,
                { endpoint: endpoint.name, model, options, updatedAt: now },
                tx,
              )
            : await convos.insert(
                { conversationId, userId, endpoint: endpoint.name, model, options, createdAt: now },
                tx,
              );
          if (!conversation) throw new AppError('not_found', 'Conversation not found');

          if (mode === 'continue') {
            const request = target ? byId.get(target.parentMessageId) : undefined;
            if (!target || !continuesAi || !request)
              throw new AppError('not_found', 'Message to continue not found');
            const prefix = body.isEdited ? body.text : target.text;
            const response = await messages.update(
              userId,
              target.messageId,
              {
                text: prefix,
                unfinished: true,
                error: false,
                finishReason: null,
                isEdited: target.isEdited || !!body.isEdited,
              },
              tx,
            );
            return { conversation, request, response: response!, prefix };
          }
          if (mode === 'regenerate') {
            const request = byId.get(body.parentMessageId);
            if (!request?.isCreatedByUser)
              throw new AppError('not_found', 'Message to regenerate from not found');
            return { conversation, request, response: await insertReply(tx, request.messageId), prefix: '' };
          }
          if (body.parentMessageId !== NO_PARENT && !byId.has(body.parentMessageId)) {
            throw new AppError('validation_error', 'The parent message is not in this conversation');
          }
          const request = await messages.insert(
            {
              messageId: body.messageId ?? randomUUID(),
              conversationId,
              userId,
              parentMessageId: body.parentMessageId,
              sender: 'User',
              // Trimmed here too, not only by the client (spec §4 Sending: the text is trimmed).
              text: body.text.trim(),
              isCreatedByUser: true,
              endpoint: endpoint.name,
              model,
              createdAt: now,
              updatedAt: now,
            },
            tx,
          );
          // Ids are global: the id may be another user's. The answer is the same either way and
          // says nothing of whose it is or whether it exists (no oracle on other users' ids).
          if (!request)
            throw new AppError('id_conflict', 'The message could not be saved; send it with a new id');
          byId.set(request.messageId, request);
          return { conversation, request, response: await insertReply(tx, request.messageId), prefix: '' };
        });

        const history = buildHistory(byId, saved.request.messageId, {
          promptPrefix: options.promptPrefix,
          continuePrefix: saved.prefix || undefined,
        });
        return {
          mode,
          userId,
          isNewConversation: !existing,
          conversation: saved.conversation,
          requestMessage: saved.request,
          responseMessage: saved.response,
          prefix: saved.prefix,
          endpoint,
          provider,
          upstream: {
            model,
            messages: history,
            params,
          },
          generation,
        };
      } catch (err) {
        deps.generations.settle(generation, null);
        throw err;
      }
    },
  };
}
export type AskService = ReturnType<typeof createAskService>;
