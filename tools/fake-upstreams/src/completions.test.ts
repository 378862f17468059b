import { describe, expect, it } from 'vitest';
import { promptMessages } from './completions.js';

describe('promptMessages: a Completions prompt read as chat turns', () => {
  it('reads the AI SDK’s user: / assistant: blocks, system text first, the open assistant turn dropped', () => {
    const prompt =
      'Be brief.\n\nuser:\nHi there\n\nassistant:\nHello!\n\nuser:\nAnd now? [[fake reply="x"]]\n\nassistant:\n';
    expect(promptMessages(prompt)).toEqual([
      { role: 'system', text: 'Be brief.' },
      { role: 'user', text: 'Hi there' },
      { role: 'assistant', text: 'Hello!' },
      { role: 'user', text: 'And now? [[fake reply="x"]]' },
    ]);
  });

  it('takes a bare prompt as one user message', () => {
    expect(promptMessages('Say hello')).toEqual([{ role: 'user', text: 'Say hello' }]);
  });
});
