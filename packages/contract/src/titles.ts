import { CHAT_LIMITS, DEFAULT_TITLE } from './limits.js';

const HAS_WORD = /[\p{L}\p{N}]/u;

/**
 * A conversation's title made from its first message, for when no model wrote one (the first
 * reply failed, title generation failed or is turned off): the first line that has a letter or
 * digit, whitespace collapsed, cut after a whole word to `max` characters with an ellipsis.
 */
export function titleFromText(text: string, max: number = CHAT_LIMITS.fallbackTitleChars): string {
  const line =
    text
      .split('\n')
      .map((l) => l.replace(/\s+/g, ' ').trim())
      .find((l) => HAS_WORD.test(l)) ?? '';
  if (!line) return DEFAULT_TITLE;
  if (line.length <= max) return line;
  const room = line.slice(0, max); // one character is left for the ellipsis
  const space = room.lastIndexOf(' ');
  let cut = space > max / 3 ? room.slice(0, space) : room.slice(0, max - 1);
  // Never end on the first half of a surrogate pair.
  if (/[\uD800-\uDBFF]$/.test(cut)) cut = cut.slice(0, -1);
  return `${cut.replace(/[\s,;:]+$/, '')}…`;
}
