/** A streaming reply's text whose saved start may no longer be kept in memory (reply-text.ts). */
export interface KeptText {
  /** Where the text kept in memory starts (0: all of it is). */
  readonly keptFrom: number;
  /** The text from `start` (>= keptFrom) to its end. */
  slice(start: number): string;
}

/** How many times a saved text shorter than what was forgotten is read again (see below). */
const READS = 3;

/**
 * The saved row's text, for the start of a reply that memory no longer keeps. Only what the
 * database had confirmed is ever forgotten, so the row holds at least that much; a read shorter
 * than that started before the confirming write committed, and is read again.
 */
export async function readSavedStart(
  text: Pick<KeptText, 'keptFrom'>,
  readSaved: () => Promise<string | undefined>,
): Promise<string> {
  let saved = '';
  for (let i = 0; i < READS; i++) {
    saved = (await readSaved()) ?? '';
    if (saved.length >= text.keptFrom) break;
  }
  return saved;
}

/**
 * The whole text: the saved text's start up to what memory keeps, then the kept rest. A row
 * changed by something else meanwhile (an edit of the streaming reply) stands in for the
 * forgotten start as it is. Synchronous, so nothing is appended between the two parts.
 */
export function joinSaved(saved: string, text: KeptText): string {
  const from = text.keptFrom;
  if (from === 0) return text.slice(0);
  return (saved.length >= from ? saved.slice(0, from) : saved) + text.slice(from);
}

/** The whole text of a streaming reply: from memory while nothing is forgotten, else joinSaved. */
export async function wholeText(
  text: KeptText,
  readSaved: () => Promise<string | undefined>,
): Promise<string> {
  if (text.keptFrom === 0) return text.slice(0);
  return joinSaved(await readSavedStart(text, readSaved), text);
}
