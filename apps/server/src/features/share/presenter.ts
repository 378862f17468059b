import { rawSenderEndpoint, type SharedLink, type SharedMessage, type SharedSnapshot } from '@chat/contract';
import type { MessageRow, SharedLinkRow } from '../../db/schema.js';

/** The name an endpoint's replies are signed with (its modelDisplayLabel, else its display name). */
export type EndpointName = (endpoint: string) => string;

/**
 * A message as a reader sees it: no ids, owner, files or settings. A reply stored with a raw
 * endpoint or model id as its sender (older replies, a failed send's placeholder) is signed with
 * the endpoint's name, as the chat shows it.
 */
export const presentReaderMessage =
  (nameOf: EndpointName) =>
  (m: MessageRow): SharedMessage => {
    const endpoint = m.isCreatedByUser ? null : rawSenderEndpoint(m);
    return {
      sender: endpoint ? nameOf(endpoint) : m.sender,
      text: m.text,
      isCreatedByUser: m.isCreatedByUser,
      error: m.error,
      createdAt: m.createdAt.toISOString(),
    };
  };

export const presentLink = (row: SharedLinkRow): SharedLink => ({
  shareId: row.shareId,
  conversationId: row.conversationId,
  title: row.title,
  createdAt: row.createdAt.toISOString(),
  updatedAt: row.updatedAt.toISOString(),
});

export const presentSnapshot = (row: SharedLinkRow): SharedSnapshot => ({
  shareId: row.shareId,
  title: row.title,
  createdAt: row.createdAt.toISOString(),
  updatedAt: row.updatedAt.toISOString(),
  messages: row.messages,
});
