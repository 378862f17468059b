import { relabelModel } from './model-relabel.js';

/**
 * The refusal hint: a reply from the unfiltered model group with fewer than
 * `wordsUnder` words that says "sorry" is most likely the model declining, and the chat says how
 * to get past it (rephrase, regenerate) under the reply.
 */
export const REFUSAL_HINT = { wordsUnder: 13, marker: 'sorry' } as const;

/** The unfiltered group: the models shown as "… Unfiltered" (gpt-4.1, gpt-4.1-mini) or named so. */
export function isUnfilteredModel(model: string | null | undefined): boolean {
  if (!model) return false;
  const relabel = relabelModel(model);
  return (relabel.kind === 'label' && /unfiltered$/i.test(relabel.label)) || /unfiltered/i.test(model);
}

/** True for a finished reply that reads as a refusal of the unfiltered group (see REFUSAL_HINT). */
export function isLikelyRefusal(text: string, model: string | null | undefined): boolean {
  if (!isUnfilteredModel(model)) return false;
  const words = text.trim().split(/\s+/).filter(Boolean);
  return (
    words.length > 0 &&
    words.length < REFUSAL_HINT.wordsUnder &&
    text.toLowerCase().includes(REFUSAL_HINT.marker)
  );
}
