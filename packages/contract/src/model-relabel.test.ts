import { describe, expect, it } from 'vitest';
import { relabelModel } from './model-relabel.js';

describe('model-name relabelling', () => {
  it('maps gpt-4.1 and -mini to unfiltered variants, grok-3 to G3, deepseek chat to D1-mini', () => {
    expect(relabelModel('gpt-4.1')).toEqual({ kind: 'label', label: 'GPT-4.1 Unfiltered' });
    expect(relabelModel('GPT-4.1-mini')).toEqual({ kind: 'label', label: 'GPT-4.1 Mini Unfiltered' });
    expect(relabelModel('x-ai/grok-3')).toEqual({ kind: 'label', label: 'G3' });
    expect(relabelModel('deepseek/deepseek-chat')).toEqual({ kind: 'label', label: 'D1-mini' });
    expect(relabelModel('deepseek-chat-v3-0324')).toEqual({ kind: 'label', label: 'D1-mini' });
  });

  it('hides the other gpt, grok and deepseek names, and leaves the rest alone', () => {
    for (const m of ['gpt-4o', 'gpt-4.1-nano', 'grok-3-mini', 'grok-4', 'deepseek-reasoner', 'gpt'])
      expect(relabelModel(m), m).toEqual({ kind: 'hidden' });
    for (const m of [
      'claude-sonnet-4-6',
      'gemini-2.5-pro',
      'llama-3',
      'gpt4all-j',
      'grokking',
      'GPT Unfiltered',
    ])
      expect(relabelModel(m), m).toEqual({ kind: 'none' });
  });
});
