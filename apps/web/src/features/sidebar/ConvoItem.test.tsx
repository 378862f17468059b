import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter } from 'react-router';
import { EModelEndpoint, type Conversation } from '@chat/contract';
import '../../app/i18n';
import { ToastProvider } from '../../components/ui/Toast';
import { ConvoItem } from './ConvoItem';

const renameConvo = vi.hoisted(() => vi.fn(async () => undefined));
vi.mock('../../api/convos', () => ({ renameConvo, deleteConvo: vi.fn() }));

const convo = {
  conversationId: 'c1',
  title: 'Old title',
  endpoint: EModelEndpoint.openAI,
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
} as Conversation;

function renderItem() {
  const qc = new QueryClient();
  render(
    <QueryClientProvider client={qc}>
      <ToastProvider>
        <MemoryRouter>
          <ul>
            <ConvoItem convo={convo} active={false} />
          </ul>
        </MemoryRouter>
      </ToastProvider>
    </QueryClientProvider>,
  );
}

afterEach(() => {
  cleanup();
  renameConvo.mockClear();
});

describe('ConvoItem rename', () => {
  it('Escape cancels the rename: the old title stays and nothing is saved', () => {
    renderItem();
    fireEvent.click(screen.getByTestId('convo-rename'));
    const input = screen.getByTestId('convo-rename-input');
    fireEvent.change(input, { target: { value: 'New title' } });
    // Chromium blurs the field as it leaves the page, before the component renders again.
    act(() => {
      fireEvent.keyDown(input, { key: 'Escape' });
      fireEvent.blur(input);
    });
    expect(screen.queryByTestId('convo-rename-input')).toBeNull();
    expect(screen.getByTestId('convo-title').textContent).toBe('Old title');
    expect(renameConvo).not.toHaveBeenCalled();
  });

  it('Enter saves the new title once', () => {
    renderItem();
    fireEvent.click(screen.getByTestId('convo-rename'));
    const input = screen.getByTestId('convo-rename-input');
    fireEvent.change(input, { target: { value: 'New title' } });
    fireEvent.keyDown(input, { key: 'Enter' });
    fireEvent.blur(input);
    expect(renameConvo).toHaveBeenCalledTimes(1);
    expect(renameConvo).toHaveBeenCalledWith('c1', 'New title');
  });
});
