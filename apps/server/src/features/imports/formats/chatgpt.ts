import { createHash } from 'node:crypto';
import { CHAT_LIMITS, IMPORT_LIMITS } from '@chat/contract';
import {
  addSkips,
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
import { collectSources, resolveCitations, type SourceIndex } from './chatgpt-citations.js';
import {
  attachmentLine,
  countSkip,
  errorLine,
  fenced,
  imageLine,
  joinParts,
  jsonText,
  markdownLink,
  quoted,
  stringOf,
  toolCall,
  toolResult,
  type PartSkips,
} from './parts.js';

/** A conversation of ChatGPT's `conversations.json` has a `mapping` of nodes. */
export const isChatGptConversation = (item: Record<string, unknown>): boolean => isRecord(item.mapping);

/** Object parts of a multimodal message: images, audio and transcripts; others are counted. */
function objectPartText(part: Record<string, unknown>, skips: PartSkips): string {
  switch (part.content_type) {
    case 'image_asset_pointer': {
      // An image the model made: the prompt it was made from, under it.
      const meta = isRecord(part.metadata) ? part.metadata : {};
      const prompt = isRecord(meta.dalle) ? stringOf(meta.dalle.prompt) : '';
      const line = imageLine(stringOf(part.asset_pointer), part.width, part.height);
      return prompt.trim() ? `${line}\n${quoted(prompt)}` : line;
    }
    case 'audio_transcription':
      return stringOf(part.text);
    case 'audio_asset_pointer':
    case 'real_time_user_audio_video_asset_pointer': {
      const audio = isRecord(part.audio_asset_pointer) ? part.audio_asset_pointer : part;
      return `🔊 \`${
        stringOf(audio.asset_pointer)
          .replace(/[`\r\n]/g, '')
          .slice(0, 200) || 'audio'
      }\``;
    }
    default:
      countSkip(skips, 'unsupported_content');
      return '';
  }
}

/** A web page quoted or read by the model: its title as a link, then the text taken from it. */
function pageText(content: Record<string, unknown>): string {
  const title = stringOf(content.title) || stringOf(content.domain);
  const link = markdownLink(title, stringOf(content.url)) ?? title;
  const text = stringOf(content.text) || stringOf(content.snippet);
  return joinParts([link, text.trim() ? quoted(text) : '']);
}

/**
 * What one ChatGPT message shows: a person's or the model's text, a tool's call (addressed to
 * the tool by `recipient`) and its result, images and audio, quoted pages, errors and reasoning.
 * A kind of content it cannot show is counted in `skips`.
 */
function contentText(
  message: Record<string, unknown>,
  skips: PartSkips,
  cite: (t: string) => string,
): string {
  const content = message.content;
  if (!isRecord(content)) return '';
  const recipient = typeof message.recipient === 'string' ? message.recipient : 'all';
  const toTool = recipient !== 'all' && recipient !== '';
  switch (content.content_type) {
    case 'text':
    case 'multimodal_text': {
      if (!Array.isArray(content.parts)) return '';
      const parts = content.parts.map((p) =>
        typeof p === 'string' ? cite(p) : isRecord(p) ? objectPartText(p, skips) : '',
      );
      if (toTool) return toolCall(recipient, jsonText(parts.join('\n')), 'json');
      return content.content_type === 'text' ? parts.join('\n') : joinParts(parts);
    }
    case 'code': {
      const text = stringOf(content.text);
      const language = stringOf(content.language);
      const lang = language === 'unknown' ? '' : language;
      if (toTool) return toolCall(recipient, text, lang);
      return text ? fenced(text, lang) : '';
    }
    case 'execution_output':
      return toolResult(stringOf(content.text));
    case 'tether_browsing_display': {
      // The result lists pages as "【0†title†domain】" headings: title and domain kept.
      const result = stringOf(content.result).replace(/【\d+†([^†【】]*)†([^【】]*)】/g, '$1 ($2)');
      return joinParts([result, stringOf(content.summary)]);
    }
    case 'tether_quote':
    case 'sonic_webpage':
      return pageText(content);
    case 'system_error': {
      const text = [stringOf(content.name), stringOf(content.text)].filter((t) => t !== '').join(': ');
      return text ? errorLine(text) : '';
    }
    case 'thoughts': {
      const thoughts = Array.isArray(content.thoughts) ? content.thoughts.filter(isRecord) : [];
      const text = thoughts
        .map((t) => joinParts([stringOf(t.summary), stringOf(t.content)]))
        .filter((t) => t !== '')
        .join('\n\n');
      return text ? quoted(text, '💭') : '';
    }
    case 'reasoning_recap': {
      const text = stringOf(content.content);
      return text ? quoted(text, '💭') : '';
    }
    case 'user_editable_context':
    case 'model_editable_context':
      countSkip(skips, 'hidden');
      return '';
    default:
      countSkip(skips, 'unsupported_content');
      return '';
  }
}

/** Files attached to a message, by name; those already shown as one of its images are left out. */
function attachmentsText(metadata: Record<string, unknown>, shown: string): string[] {
  const attachments = Array.isArray(metadata.attachments) ? metadata.attachments.filter(isRecord) : [];
  return attachments
    .filter((a) => {
      const id = stringOf(a.id);
      return !(id && shown.includes(id));
    })
    .map((a) => attachmentLine(stringOf(a.name) || stringOf(a.id)));
}

/** Whether a hidden message held anything (an empty system message is only the tree's start). */
function holdsSomething(message: Record<string, unknown>): boolean {
  const content = isRecord(message.content) ? message.content : {};
  if (content.content_type === 'text' || content.content_type === 'multimodal_text') {
    return (
      Array.isArray(content.parts) &&
      content.parts.some((p) => (typeof p === 'string' ? p.trim() !== '' : true))
    );
  }
  return Object.keys(content).some((k) => k !== 'content_type');
}

const SHOWN_ROLES = new Set(['user', 'assistant', 'tool']);

/**
 * One ChatGPT conversation as ours. Its `mapping` is a tree (each node's `parent` and
 * `children`); every message a person saw becomes one of ours (the person's and the model's,
 * the tools' calls and results), and a node that is not (the root, hidden context, empty ones)
 * is passed through: its children hang from its nearest kept ancestor, so every branch survives.
 * Hidden content and content of a kind that cannot be shown are counted, not lost silently.
 */
export function mapChatGptConversation(item: Record<string, unknown>): ImportedConversation {
  const mapping = item.mapping;
  if (!isRecord(mapping)) throw new SkipConversation('invalid', 'mapping is not an object');
  const nodeIds = Object.keys(mapping);
  if (nodeIds.length > IMPORT_LIMITS.maxMessagesPerConversation * 2) {
    throw new SkipConversation('too_many_messages');
  }
  const now = new Date();
  const title = cleanTitle(item.title);
  const counter = { truncated: 0 };
  const skippedParts: PartSkips = {};
  let model = optionalString(item.default_model_slug, 'default_model_slug', IMPORT_LIMITS.maxModelChars);

  // First pass: the tree's links, the messages, and the search results any of them names (a
  // reply cites results another message fetched).
  const parentOf = new Map<string, string | null>();
  const found: { id: string; message: Record<string, unknown> }[] = [];
  const sources: SourceIndex = new Map();
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
    if (isRecord(message.metadata)) collectSources(message.metadata, sources);
    found.push({ id, message });
  }

  // A conversation without its own creation time takes its first message's (and without its
  // update time, its last message's).
  let first = Number.POSITIVE_INFINITY;
  let last = Number.NEGATIVE_INFINITY;
  for (const { message } of found) {
    const time = dateOf(message.create_time, new Date(Number.NaN)).getTime();
    if (time < first) first = time;
    if (time > last) last = time;
  }
  const createdAt = dateOf(item.create_time, Number.isFinite(first) ? new Date(first) : now);
  const updatedAt = dateOf(item.update_time, Number.isFinite(last) ? new Date(last) : createdAt);

  // Second pass: what each message shows; the ones with something to show are kept.
  const kept = new Map<string, ImportedMessage>();
  for (const { id, message } of found) {
    const author = isRecord(message.author) ? message.author : {};
    const role = typeof author.role === 'string' ? author.role : '';
    const metadata = isRecord(message.metadata) ? message.metadata : {};
    if (!SHOWN_ROLES.has(role) || metadata.is_visually_hidden_from_conversation === true) {
      if (holdsSomething(message)) countSkip(skippedParts, 'hidden');
      continue;
    }
    const cite = (t: string) => (role === 'user' ? t : resolveCitations(t, metadata, sources));
    const own: PartSkips = {};
    const shown = contentText(message, own, cite);
    addSkips(skippedParts, own);
    const text = joinParts([shown, ...attachmentsText(metadata, shown)]);
    if (text.trim() === '') continue;
    const full = cleanText(text, Number.MAX_SAFE_INTEGER);
    const slug = optionalString(metadata.model_slug, 'model_slug', IMPORT_LIMITS.maxModelChars);
    if (slug && role === 'assistant') model ??= slug;
    const toolName = optionalString(author.name, 'author.name', IMPORT_LIMITS.maxSenderChars);
    kept.set(id, {
      sourceId: sourceIdOf(id, 'mapping key'),
      parentSourceId: null,
      sender: role === 'user' ? 'User' : role === 'tool' ? (toolName ?? 'Tool') : 'ChatGPT',
      text: messageText(full, counter),
      isCreatedByUser: role === 'user',
      model: role === 'assistant' ? slug : null,
      error: false,
      unfinished: message.status === 'in_progress',
      finishReason: null,
      createdAt: dateOf(message.create_time, createdAt),
      truncated: full.length > CHAT_LIMITS.maxMessageChars,
      skippedParts: own,
    });
  }
  if (kept.size === 0) throw new SkipConversation('no_messages');
  if (kept.size > IMPORT_LIMITS.maxMessagesPerConversation) throw new SkipConversation('too_many_messages');

  // Third pass: each kept message's parent is its nearest kept ancestor (cycles end the walk).
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
    skippedParts,
  };
}
