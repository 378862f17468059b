import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { askInput } from '../../../../test/support/ask-steps.js';
import { authorize } from './authorize.js';

const userId = randomUUID();

describe('authorize', () => {
  it('lets a new message with text through', () => {
    expect(() => authorize(askInput(userId, { text: 'Hi there' }))).not.toThrow();
  });

  it.each(['', '   ', '\n\t '])('refuses a new message whose text is %j (validation_error)', (text) => {
    expect(() => authorize(askInput(userId, { text }))).toThrow(
      expect.objectContaining({ code: 'validation_error', message: 'The message is empty' }),
    );
  });

  it('refuses an empty edit that neither continues nor regenerates', () => {
    expect(() => authorize(askInput(userId, { text: ' ', isEdited: true }, 'edit'))).toThrow(
      expect.objectContaining({ code: 'validation_error' }),
    );
  });

  it('lets Continue and Regenerate through without text', () => {
    expect(() => authorize(askInput(userId, { text: '', isContinued: true }))).not.toThrow();
    expect(() => authorize(askInput(userId, { text: '', isRegenerate: true }))).not.toThrow();
  });
});
