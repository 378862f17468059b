import { randomUUID } from 'node:crypto';
import { askRequestSchema, NO_PARENT, type AskRequest, type ConversationOptions } from '@chat/contract';
import type { EndpointDefinition } from '../../src/config/app-config.js';
import type { Db } from '../../src/db/client.js';
import { users, type MessageRow } from '../../src/db/schema.js';
import type { ConvosRepo } from '../../src/features/convos/repo.js';
import type { MessagesRepo, NewMessage } from '../../src/features/messages/repo.js';
import type { AskInput, AskRoute } from '../../src/features/ask/steps/types.js';

/** An OpenAI endpoint for steps that never call it (nothing listens on port 9). */
export const OFFLINE_ENDPOINT: EndpointDefinition = {
  name: 'openAI',
  type: 'openAI',
  apiKey: 'test',
  baseURL: 'http://127.0.0.1:9',
  models: ['gpt-4o-mini'],
  titleModel: undefined,
  label: undefined,
  userProvide: false,
  isDemo: false,
};

/** A row in `users` (the conversations' and messages' foreign keys need one); its id. */
export async function insertUser(db: Db, name = 'Step User'): Promise<string> {
  const [row] = await db
    .insert(users)
    .values({ name, email: `${randomUUID()}@example.com` })
    .returning({ id: users.id });
  return row!.id;
}

/** An ask body as the route table validates it (contract schema), with test defaults. */
export function askBody(fields: Partial<Record<keyof AskRequest, unknown>> = {}): AskRequest {
  return askRequestSchema.parse({
    text: 'Hello',
    conversationId: null,
    parentMessageId: NO_PARENT,
    endpoint: 'openAI',
    model: 'gpt-4o-mini',
    ...fields,
  });
}

/** One request as the ask route hands it to the pipeline. */
export function askInput(
  userId: string,
  fields: Partial<Record<keyof AskRequest, unknown>> = {},
  route: AskRoute = 'ask',
  pathEndpoint = 'openAI',
): AskInput {
  return { userId, route, pathEndpoint, body: askBody(fields) };
}

/** A conversation of the user, saved through the repository; its row. */
export async function saveConversation(
  convos: ConvosRepo,
  userId: string,
  options: ConversationOptions = {},
) {
  const createdAt = new Date(Date.now() - 60_000);
  return convos.insert({
    conversationId: randomUUID(),
    userId,
    endpoint: 'openAI',
    model: 'gpt-4o-mini',
    options,
    createdAt,
  });
}

/** A message saved through the repository (a user's unless `isCreatedByUser: false`); its row. */
export async function saveMessage(
  messages: MessagesRepo,
  at: { conversationId: string; userId: string; parentMessageId?: string },
  fields: Partial<NewMessage> & { text: string },
): Promise<MessageRow> {
  const isCreatedByUser = fields.isCreatedByUser ?? true;
  const row = await messages.insert({
    messageId: randomUUID(),
    parentMessageId: NO_PARENT,
    sender: isCreatedByUser ? 'User' : 'openAI',
    isCreatedByUser,
    endpoint: 'openAI',
    model: 'gpt-4o-mini',
    ...at,
    ...fields,
  });
  if (!row) throw new Error('saveMessage: the id is taken');
  return row;
}
