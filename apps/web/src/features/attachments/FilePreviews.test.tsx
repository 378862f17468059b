import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import { FILE_PROGRESS } from '@chat/contract';
import '../../app/i18n';
import { FilePreviews } from './FilePreviews';
import type { Attachment } from './useAttachments';

afterEach(cleanup);

const item = (search: Attachment['search']): Attachment => ({
  id: 'a',
  name: 'slow.txt',
  size: 10,
  type: 'text/plain',
  preview: '',
  progress: FILE_PROGRESS.done,
  search,
});

describe('a document held for file search', () => {
  it('shows one not read in time apart from one that could not be read', () => {
    const { rerender } = render(
      <FilePreviews items={[item({ state: 'failed', timedOut: true })]} onRemove={vi.fn()} />,
    );
    const late = screen.getByTestId('file-preview');
    expect(late.getAttribute('data-state')).toBe('timeout');
    expect(late.getAttribute('title')).toBe('slow.txt was not read in time: remove it and try again');
    expect(screen.getByRole('status').textContent).toBe('Not read in time');
    rerender(
      <FilePreviews
        items={[item({ state: 'failed', error: 'The PDF could not be read' })]}
        onRemove={vi.fn()}
      />,
    );
    expect(screen.getByTestId('file-preview').getAttribute('data-state')).toBe('failed');
    expect(screen.getByRole('status').textContent).toBe('Could not be read');
  });
});
