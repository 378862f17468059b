/**
 * Deterministic reply text and tokenisation. The same prompt always yields the same reply and the
 * same token boundaries, so tests can assert exact output and demos look identical every run.
 */

const PROMPT_PREVIEW_CHARS = 80;

/** The default answer: ~70 tokens of Markdown that exercise bold, code blocks and lists in the UI. */
export function defaultReply(prompt: string): string {
  const oneLine = prompt.replace(/\s+/g, ' ').trim();
  const preview =
    oneLine.length > PROMPT_PREVIEW_CHARS ? `${oneLine.slice(0, PROMPT_PREVIEW_CHARS)}…` : oneLine;
  const said = preview ? `You said: "${preview}".` : 'You sent an empty message.';
  return [
    said,
    '',
    'This is the **offline demo** model. It streams a reply token by token so you can try ' +
      'stopping, continuing, regenerating and editing.',
    '',
    '```ts',
    "const greeting = 'hello';",
    'console.log(greeting);',
    '```',
    '',
    'Things to try next:',
    '',
    '- Press **Stop** while the answer is still streaming.',
    '- Ask the model to **continue** an interrupted answer.',
    '- Edit your message and send it again.',
  ].join('\n');
}

/** The default answer once tools have answered: their results, quoted, so a test can see them used. */
export function toolResultsReply(results: string[]): string {
  return `The tools answered: ${results.map((r) => JSON.stringify(r)).join('; ')}.`;
}

/** Answer to a "continue" request (the conversation ends with an assistant message). */
export const CONTINUATION_REPLY = ' …and this continues the previous answer.';

const TOKEN_RE = /\s*\S+|\s+$/g;

/**
 * Splits text into "words with their leading whitespace" (trailing whitespace becomes its own
 * token). Joining the tokens gives back the exact input, so streamed text equals the reply.
 */
export function tokenize(text: string): string[] {
  return text.match(TOKEN_RE) ?? [];
}
