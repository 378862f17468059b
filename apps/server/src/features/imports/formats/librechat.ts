import { createHash } from 'node:crypto';
import {
  conversationOptionsSchema,
  endpointNameSchema,
  IMPORT_LIMITS,
  NO_PARENT,
  type ConversationOptions,
} from '@chat/contract';
import {
  cleanText,
  cleanTitle,
  dateOf,
  isRecord,
  messageText,
  optionalString,
  parentsFirst,
  SkipConversation,
  sourceIdOf,
  type ImportedConversation,
  type ImportedMessage,
} from './types.js';

/**
 * A LibreChat JSON export, and ours (the export dialog writes the same shape): the conversation's
 * id, endpoint and title, `options` when exported with them, and its messages either as a tree
 * (`messagesTree`, each with `children`) or a list (`messages`, linked by `parentMessageId`).
 */
export const isLibreChatConversation = (item: Record<string, unknown>): boolean =>
  Array.isArray(item.messagesTree) || Array.isArray(item.messages);

/** The text of a message: `text`, else the text parts of LibreChat's newer `content` list. */
function textOf(m: Record<string, unknown>): string {
  if (typeof m.text === 'string' && m.text !== '') return m.text;
  if (!Array.isArray(m.content)) return '';
  const parts: string[] = [];
  for (const part of m.content) {
    if (!isRecord(part) || part.type !== 'text') continue;
    const text = isRecord(part.text) ? part.text.value : part.text;
    if (typeof text === 'string') parts.push(text);
  }
  return parts.join('\n');
}

/** Every message of a tree or list with the id of the node that holds it (tree) or names it (list). */
function flatten(item: Record<string, unknown>): { node: Record<string, unknown>; parent: unknown }[] {
  const out: { node: Record<string, unknown>; parent: unknown }[] = [];
  const limit = IMPORT_LIMITS.maxMessagesPerConversation;
  if (Array.isArray(item.messagesTree)) {
    const stack: { node: unknown; parent: unknown }[] = item.messagesTree.map((node) => ({
      node,
      parent: null,
    }));
    while (stack.length > 0) {
      const { node, parent } = stack.pop()!;
      if (!isRecord(node)) throw new SkipConversation('invalid', 'a message is not an object');
      out.push({ node, parent });
      if (out.length > limit) throw new SkipConversation('too_many_messages');
      if (node.children !== undefined && !Array.isArray(node.children)) {
        throw new SkipConversation('invalid', 'children is not a list');
      }
      for (const child of node.children ?? []) stack.push({ node: child, parent: node.messageId });
    }
    return out;
  }
  const list = item.messages as unknown[];
  if (list.length > limit) throw new SkipConversation('too_many_messages');
  for (const node of list) {
    if (!isRecord(node)) throw new SkipConversation('invalid', 'a message is not an object');
    out.push({ node, parent: node.parentMessageId });
  }
  return out;
}

/** The options that pass the contract's schema; a field that does not is left out. */
function cleanOptions(raw: unknown): ConversationOptions {
  if (!isRecord(raw)) return {};
  let candidate: Record<string, unknown> = { ...raw };
  for (let attempt = 0; attempt < 5; attempt++) {
    const parsed = conversationOptionsSchema.safeParse(candidate);
    if (parsed.success) {
      // An assistant and its thread belong to the server that made them.
      const { assistant_id: _assistant, thread_id: _thread, ...rest } = parsed.data;
      return rest;
    }
    const bad = new Set(parsed.error.issues.map((i) => String(i.path[0])));
    candidate = Object.fromEntries(Object.entries(candidate).filter(([k]) => !bad.has(k)));
  }
  return {};
}

export function mapLibreChatConversation(item: Record<string, unknown>): ImportedConversation {
  const now = new Date();
  const counter = { truncated: 0 };
  const options = cleanOptions(item.options ?? item);
  const rawOptions = isRecord(item.options) ? item.options : item;
  const endpointRaw = item.endpoint ?? rawOptions.endpoint;
  const endpoint =
    typeof endpointRaw === 'string' && endpointNameSchema.safeParse(endpointRaw).success
      ? endpointRaw
      : 'openAI';
  const model = options.model ?? null;

  const nodes = flatten(item);
  const messages: ImportedMessage[] = [];
  const ids = new Set<string>();
  let first: Date | undefined;
  let last: Date | undefined;
  for (const { node, parent } of nodes) {
    const sourceId = sourceIdOf(node.messageId, 'messageId');
    if (ids.has(sourceId))
      throw new SkipConversation('invalid', `messageId ${sourceId.slice(0, 40)} appears twice`);
    ids.add(sourceId);
    const parentId =
      parent === null || parent === undefined || parent === NO_PARENT
        ? null
        : sourceIdOf(parent, 'parentMessageId');
    const text = textOf(node);
    const createdAt = dateOf(node.createdAt, now);
    if (!first || createdAt < first) first = createdAt;
    if (!last || createdAt > last) last = createdAt;
    const isCreatedByUser = node.isCreatedByUser === true;
    messages.push({
      sourceId,
      parentSourceId: parentId,
      sender:
        optionalString(node.sender, 'sender', IMPORT_LIMITS.maxSenderChars) ??
        (isCreatedByUser ? 'User' : 'Assistant'),
      text: messageText(cleanText(text, Number.MAX_SAFE_INTEGER), counter),
      isCreatedByUser,
      model: optionalString(node.model, 'model', IMPORT_LIMITS.maxModelChars),
      error: node.error === true,
      unfinished: node.unfinished === true,
      finishReason: optionalString(node.finish_reason, 'finish_reason', 64),
      createdAt,
    });
  }
  if (messages.length === 0 || messages.every((m) => m.text.trim() === '')) {
    throw new SkipConversation('no_messages');
  }
  const title = cleanTitle(item.title);
  const createdAt = dateOf(item.createdAt ?? rawOptions.createdAt, first ?? now);
  const updatedAt = dateOf(item.updatedAt ?? rawOptions.updatedAt, last ?? createdAt);
  const rawId = item.conversationId;
  const sourceId =
    rawId === undefined || rawId === null
      ? createHash('sha256')
          .update(`${title}\u0000${messages.map((m) => m.sourceId).join(',')}`)
          .digest('hex')
      : sourceIdOf(rawId, 'conversationId');
  return {
    format: 'librechat',
    sourceId,
    title,
    endpoint,
    model,
    options,
    createdAt,
    updatedAt: updatedAt < createdAt ? createdAt : updatedAt,
    messages: parentsFirst(messages),
    truncated: counter.truncated,
  };
}
