import { createHash } from 'node:crypto';
import {
  CHAT_LIMITS,
  conversationOptionsSchema,
  endpointNameSchema,
  IMPORT_LIMITS,
  NO_PARENT,
  type ConversationOptions,
} from '@chat/contract';
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
import {
  attachmentLine,
  countSkip,
  errorLine,
  imageLine,
  joinParts,
  jsonText,
  quoted,
  stringOf,
  toolCall,
  toolResult,
  type PartSkips,
} from './parts.js';

/**
 * A LibreChat JSON export, and ours (the export dialog writes the same shape): the conversation's
 * id, endpoint and title, `options` when exported with them, and its messages in one of the
 * shapes LibreChat writes: a list linked by `parentMessageId` (not recursive, one branch or all),
 * or the tree itself (recursive: each message holds its replies in `children`), under `messages`
 * (LibreChat's recursive export) or `messagesTree` (ours, and LibreChat's when its tree has one
 * root object).
 */
export const isLibreChatConversation = (item: Record<string, unknown>): boolean =>
  Array.isArray(item.messagesTree) ||
  Array.isArray(item.messages) ||
  isRecord(item.messagesTree) ||
  (isRecord(item.messages) && 'messageId' in item.messages);

/** One tool call of LibreChat's content parts: its name, what it was given and what it returned. */
function toolCallText(call: Record<string, unknown>): string {
  const fn = isRecord(call.function) ? call.function : {};
  const code = isRecord(call.code_interpreter) ? call.code_interpreter : null;
  const name =
    stringOf(call.name) || stringOf(fn.name) || (code ? 'code_interpreter' : stringOf(call.type)) || 'tool';
  if (code) {
    const outputs = Array.isArray(code.outputs) ? code.outputs : [];
    const logs = outputs
      .map((o) => (isRecord(o) ? stringOf(o.logs) : ''))
      .filter((l) => l !== '')
      .join('\n');
    return joinParts([toolCall(name, stringOf(code.input)), toolResult(logs)]);
  }
  const args = call.args ?? fn.arguments;
  const output = call.output ?? fn.output;
  return joinParts([toolCall(name, jsonText(args), 'json'), toolResult(jsonText(output))]);
}

/**
 * The text of one of LibreChat's content parts (text, reasoning, tool calls, images, errors);
 * a kind it cannot show is counted in `skips`.
 */
function contentPartText(part: unknown, skips: PartSkips): string {
  if (!isRecord(part)) return '';
  switch (part.type) {
    case 'text':
      return stringOf(part.text);
    case 'think': {
      const think = stringOf(part.think);
      return think.trim() ? quoted(think, '💭') : '';
    }
    case 'tool_call':
      return isRecord(part.tool_call) ? toolCallText(part.tool_call) : '';
    case 'image_file': {
      const file = isRecord(part.image_file) ? part.image_file : {};
      return imageLine(stringOf(file.filepath) || stringOf(file.file_id), file.width, file.height);
    }
    case 'image_url': {
      const url = isRecord(part.image_url) ? stringOf(part.image_url.url) : stringOf(part.image_url);
      return imageLine(url);
    }
    case 'error': {
      const error = stringOf(part.error) || stringOf(part.text);
      return error.trim() ? errorLine(error) : '';
    }
    case 'agent_update':
      // Marks where another agent took over: nothing a person wrote or read.
      return '';
    default:
      countSkip(skips, 'unsupported_content');
      return '';
  }
}

/** Files listed on a message (uploads, a tool's outputs): images and attachments by name. */
function filesText(files: unknown): string[] {
  if (!Array.isArray(files)) return [];
  return files.filter(isRecord).map((f) => {
    const name = stringOf(f.filename) || stringOf(f.filepath) || stringOf(f.file_id);
    return stringOf(f.type).startsWith('image/') ? imageLine(name, f.width, f.height) : attachmentLine(name);
  });
}

/**
 * The text of a message: its `content` parts when it has them (LibreChat's newer messages keep
 * everything there, tool calls included), else `text`; then the files it lists.
 */
function textOf(m: Record<string, unknown>, skips: PartSkips): string {
  const parts: string[] = [];
  if (Array.isArray(m.content) && m.content.length > 0) {
    for (const part of m.content) parts.push(contentPartText(part, skips));
  }
  if (parts.every((p) => p.trim() === '')) parts.splice(0, parts.length, stringOf(m.text));
  parts.push(...filesText(m.files), ...filesText(m.attachments));
  return joinParts(parts);
}

/**
 * Every message of the conversation, whatever the shape, with the id of its parent: a message
 * held in another's `children` is that one's reply; any other names its parent in
 * `parentMessageId`. A list and a tree are read alike, and so is a list whose messages carry
 * their `children` too.
 */
function flatten(item: Record<string, unknown>): { node: Record<string, unknown>; parent: unknown }[] {
  const out: { node: Record<string, unknown>; parent: unknown }[] = [];
  const limit = IMPORT_LIMITS.maxMessagesPerConversation;
  const top = item.messagesTree ?? item.messages;
  const roots: unknown[] = Array.isArray(top) ? top : [top];
  if (roots.length > limit) throw new SkipConversation('too_many_messages');
  const stack: { node: unknown; heldBy: unknown }[] = roots.map((node) => ({ node, heldBy: undefined }));
  stack.reverse();
  while (stack.length > 0) {
    const { node, heldBy } = stack.pop()!;
    if (!isRecord(node)) throw new SkipConversation('invalid', 'a message is not an object');
    out.push({ node, parent: heldBy === undefined ? (node.parentMessageId ?? null) : heldBy });
    if (out.length > limit) throw new SkipConversation('too_many_messages');
    if (node.children === undefined || node.children === null) continue;
    if (!Array.isArray(node.children)) throw new SkipConversation('invalid', 'children is not a list');
    for (let i = node.children.length - 1; i >= 0; i--) {
      stack.push({ node: node.children[i], heldBy: node.messageId });
    }
  }
  return out;
}

/** The options that pass the contract's schema; a field that does not is left out. */
export function cleanOptions(raw: unknown): ConversationOptions {
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
  const skippedParts: PartSkips = {};
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
    const own: PartSkips = {};
    const text = cleanText(textOf(node, own), Number.MAX_SAFE_INTEGER);
    addSkips(skippedParts, own);
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
      text: messageText(text, counter),
      isCreatedByUser,
      model: optionalString(node.model, 'model', IMPORT_LIMITS.maxModelChars),
      error: node.error === true,
      unfinished: node.unfinished === true,
      truncated: text.length > CHAT_LIMITS.maxMessageChars,
      skippedParts: own,
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
    skippedParts,
  };
}
