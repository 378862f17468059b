import { createHash } from 'node:crypto';
import { IMPORT_LIMITS } from '@chat/contract';
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

/** A conversation of ChatGPT's `conversations.json` has a `mapping` of nodes. */
export const isChatGptConversation = (item: Record<string, unknown>): boolean => isRecord(item.mapping);

/** The text a person or the model wrote in one ChatGPT message; '' for anything else. */
function contentText(content: unknown): string {
  if (!isRecord(content)) return '';
  switch (content.content_type) {
    case 'text':
    case 'multimodal_text': {
      if (!Array.isArray(content.parts)) return '';
      // Strings are text; objects are images and files, which an export does not carry.
      return content.parts.filter((p): p is string => typeof p === 'string').join('\n');
    }
    case 'code': {
      const text = typeof content.text === 'string' ? content.text : '';
      const language =
        typeof content.language === 'string' && /^[\w+-]{1,32}$/.test(content.language)
          ? content.language
          : '';
      return text ? `\`\`\`${language === 'unknown' ? '' : language}\n${text}\n\`\`\`` : '';
    }
    default:
      return '';
  }
}

const KEPT_ROLES = new Set(['user', 'assistant']);

/**
 * One ChatGPT conversation as ours. Its `mapping` is a tree (each node's `parent` and
 * `children`); user and assistant messages with text are kept, and a node that is not (the root,
 * system and tool messages, hidden or empty ones) is passed through: its children hang from its
 * nearest kept ancestor, so every branch survives.
 */
export function mapChatGptConversation(item: Record<string, unknown>): ImportedConversation {
  const mapping = item.mapping;
  if (!isRecord(mapping)) throw new SkipConversation('invalid', 'mapping is not an object');
  const nodeIds = Object.keys(mapping);
  if (nodeIds.length > IMPORT_LIMITS.maxMessagesPerConversation * 2) {
    throw new SkipConversation('too_many_messages');
  }
  const now = new Date();
  const createdAt = dateOf(item.create_time, now);
  const updatedAt = dateOf(item.update_time, createdAt);
  const title = cleanTitle(item.title);
  const counter = { truncated: 0 };
  let model = optionalString(item.default_model_slug, 'default_model_slug', IMPORT_LIMITS.maxModelChars);

  // First pass: what each node is; the kept ones become messages.
  const parentOf = new Map<string, string | null>();
  const kept = new Map<string, ImportedMessage>();
  for (const id of nodeIds) {
    const node = mapping[id];
    if (!isRecord(node)) throw new SkipConversation('invalid', `mapping.${id.slice(0, 40)} is not an object`);
    const parent = node.parent;
    if (parent !== null && parent !== undefined && typeof parent !== 'string') {
      throw new SkipConversation('invalid', `mapping.${id.slice(0, 40)}.parent is not a string`);
    }
    parentOf.set(id, parent ?? null);
    const message = node.message;
    if (message === null || message === undefined) continue;
    if (!isRecord(message))
      throw new SkipConversation('invalid', `mapping.${id.slice(0, 40)}.message is not an object`);
    const author = isRecord(message.author) ? message.author : {};
    const role = typeof author.role === 'string' ? author.role : '';
    const metadata = isRecord(message.metadata) ? message.metadata : {};
    if (!KEPT_ROLES.has(role) || metadata.is_visually_hidden_from_conversation === true) continue;
    const text = contentText(message.content);
    if (text.trim() === '') continue;
    const slug = optionalString(metadata.model_slug, 'model_slug', IMPORT_LIMITS.maxModelChars);
    if (slug && role === 'assistant') model ??= slug;
    kept.set(id, {
      sourceId: sourceIdOf(id, 'mapping key'),
      parentSourceId: null,
      sender: role === 'user' ? 'User' : 'ChatGPT',
      text: messageText(cleanText(text, Number.MAX_SAFE_INTEGER), counter),
      isCreatedByUser: role === 'user',
      model: role === 'assistant' ? slug : null,
      error: false,
      unfinished: message.status === 'in_progress',
      finishReason: null,
      createdAt: dateOf(message.create_time, createdAt),
    });
  }
  if (kept.size === 0) throw new SkipConversation('no_messages');
  if (kept.size > IMPORT_LIMITS.maxMessagesPerConversation) throw new SkipConversation('too_many_messages');

  // Second pass: each kept message's parent is its nearest kept ancestor (cycles end the walk).
  for (const [id, m] of kept) {
    const seen = new Set<string>([id]);
    let up = parentOf.get(id) ?? null;
    while (up !== null && !kept.has(up) && !seen.has(up)) {
      seen.add(up);
      up = parentOf.get(up) ?? null;
    }
    m.parentSourceId = up !== null && kept.has(up) && up !== id ? up : null;
  }

  const rawId = item.conversation_id ?? item.id;
  const sourceId =
    rawId === undefined || rawId === null
      ? createHash('sha256')
          .update(`${title}\u0000${createdAt.toISOString()}\u0000${nodeIds.join(',')}`)
          .digest('hex')
      : sourceIdOf(rawId, 'conversation_id');
  return {
    format: 'chatgpt',
    sourceId,
    title,
    endpoint: 'openAI',
    model,
    options: model ? { model } : {},
    createdAt,
    updatedAt: updatedAt < createdAt ? createdAt : updatedAt,
    messages: parentsFirst([...kept.values()]),
    truncated: counter.truncated,
  };
}
