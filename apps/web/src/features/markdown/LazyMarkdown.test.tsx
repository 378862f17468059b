import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, render, waitFor } from '@testing-library/react';
import { LazyMarkdown } from './LazyMarkdown';

vi.mock('../../hooks/useTranslation', () => ({ useTranslation: () => ({ t: (k: string) => k }) }));

describe('LazyMarkdown', () => {
  afterEach(cleanup);

  it('shows the text as is until Markdown has loaded; once loaded, renders it at once', async () => {
    const first = render(<LazyMarkdown text="**bold**" />);
    expect(first.container.querySelector('strong')).toBeNull();
    expect(first.container.textContent).toBe('**bold**');
    // Loading the Markdown chunk (parser, plugins, highlighter) can take seconds on a busy machine,
    // and a first transform of it in a cold test worker 13 s on a slow one.
    await waitFor(() => expect(first.container.querySelector('strong')?.textContent).toBe('bold'), {
      timeout: 30_000,
    });
    cleanup();

    const second = render(<LazyMarkdown text="*also*" />);
    expect(second.container.querySelector('em')?.textContent).toBe('also');
  }, 45_000);
});
