import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import '../../app/i18n';
import { BingSettings } from './BingSettings';
import { mergeBing } from './bing-options';

const tokens = vi.hoisted(() => ({ count: null as number | null }));
vi.mock('../../api/tokenizer', () => ({ useTokenCount: () => tokens.count }));

afterEach(() => {
  cleanup();
  tokens.count = null;
});

function open(model: string, context = '') {
  render(<BingSettings model={model} values={mergeBing(undefined, { context })} onChange={vi.fn()} />);
  return screen.getByTestId('bing-context-tokens');
}

describe('BingSettings', () => {
  it('says errors may occur above about 7k tokens of context', () => {
    expect(open('BingAI').textContent).toBe('Errors may occur above about 7k tokens.');
  });

  it('counts the context and repeats the warning once it is over about 7k tokens', () => {
    tokens.count = 1200;
    expect(open('BingAI', 'some context').textContent).toBe('1200 of about 7k tokens');
    cleanup();
    tokens.count = 7400;
    expect(open('BingAI', 'a long context').textContent).toBe(
      '7400 of about 7k tokens · Errors may occur above about 7k tokens.',
    );
  });

  it("warns under Sydney's system message that misusing it may get the person banned from Bing", () => {
    open('Sydney');
    const field = screen.getByTestId('bing-system-message');
    const warning = screen.getByTestId('bing-system-message-warning');
    expect(warning.textContent).toBe('Warning: misuse of the system message may get you banned from Bing.');
    expect(field.getAttribute('aria-describedby')).toBe(warning.id);
  });

  it('has no system message, nor its warning, in BingAI mode', () => {
    open('BingAI');
    expect(screen.queryByTestId('bing-system-message-warning')).toBeNull();
  });
});
