import { SEARCH_LIMITS, type SearchHit } from '@chat/contract';
import type { MessageRow } from '../../db/schema.js';
import { presentMessage } from '../messages/index.js';
import { markdownToPlainText } from './plain-text.js';
import { excerpt } from './query.js';

/**
 * A matching message as a search hit: the message, its conversation's title, a long text cut.
 * A reply (shown as Markdown in the chat) comes as the plain text it reads as, cut after that;
 * a person's own message (shown as typed) as typed.
 */
export function presentHit(row: MessageRow, title: string, terms: readonly string[]): SearchHit {
  const text = row.isCreatedByUser ? row.text : markdownToPlainText(row.text);
  const shown = excerpt(text, terms, SEARCH_LIMITS.excerptChars);
  return { ...presentMessage(row), text: shown.text, excerpt: shown.cut, title };
}
