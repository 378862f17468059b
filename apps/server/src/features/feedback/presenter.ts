import type { MessageFeedback } from '@chat/contract';
import type { MessageFeedbackRow } from '../../db/schema.js';

/** A rating as LibreChat answers it: absent fields left out, never null. */
export const presentFeedback = (row: MessageFeedbackRow): MessageFeedback => ({
  rating: row.rating,
  ...(row.tag !== null ? { tag: row.tag } : {}),
  ...(row.text !== null ? { text: row.text } : {}),
});
