import { SEARCH_LIMITS, type SearchHit } from '@chat/contract';
import type { MessageRow } from '../../db/schema.js';
import { presentMessage } from '../messages/presenter.js';
import { excerpt } from './query.js';

/** A matching message as a search hit: the message, its conversation's title, a long text cut. */
export function presentHit(row: MessageRow, title: string, terms: readonly string[]): SearchHit {
  const shown = excerpt(row.text, terms, SEARCH_LIMITS.excerptChars);
  return { ...presentMessage(row), text: shown.text, excerpt: shown.cut, title };
}
