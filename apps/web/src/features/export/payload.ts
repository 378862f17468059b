import type { Conversation, Message } from '@chat/contract';
import { allBranches, currentBranch, endpointOptions, messageTree, type MessageNode } from './collect';
import type { ExportSettings } from './options';

/** What every format writes: the conversation's identity, its options if asked, its messages. */
export interface ExportPayload {
  conversationId: string;
  endpoint: string;
  title: string;
  exportAt: string;
  branches: boolean;
  recursive: boolean;
  options?: Record<string, unknown>;
  /** The messages as a list, parents first (the branch on screen, or every branch). */
  messages: Message[];
  /** Every branch as a tree; set when `recursive`. */
  tree?: MessageNode[];
}

export interface PayloadInput {
  conversation: Conversation;
  messages: readonly Message[];
  /** The last message of the branch on screen. */
  leafId: string | undefined;
  settings: ExportSettings;
  exportAt: Date;
}

export function buildPayload({
  conversation,
  messages,
  leafId,
  settings,
  exportAt,
}: PayloadInput): ExportPayload {
  const recursive = settings.branches && settings.recursive && settings.type === 'json';
  return {
    conversationId: conversation.conversationId,
    endpoint: conversation.endpoint,
    title: conversation.title,
    exportAt: exportAt.toISOString(),
    branches: settings.branches,
    recursive,
    ...(settings.includeOptions ? { options: endpointOptions(conversation) } : {}),
    messages: settings.branches ? allBranches(messages) : currentBranch(messages, leafId),
    ...(recursive ? { tree: messageTree(messages) } : {}),
  };
}

/** A header value on one line. */
export const oneLine = (value: unknown): string =>
  (typeof value === 'string' ? value : JSON.stringify(value)).replace(/\s*[\r\n]+\s*/g, ' ');
