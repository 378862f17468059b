import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, render, screen, within } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import '../../app/i18n';
import { EmptyState } from './EmptyState';

afterEach(cleanup);

describe('EmptyState', () => {
  it("states the product's capabilities and limits on a new chat", () => {
    render(
      <QueryClientProvider client={new QueryClient()}>
        <EmptyState endpointLabel={null} />
      </QueryClientProvider>,
    );
    const welcome = screen.getByTestId('chat-welcome-limits');
    const list = (name: string) =>
      Array.from(
        within(welcome).getByRole('heading', { name }).parentElement!.querySelectorAll('li'),
        (li) => li.textContent,
      );
    expect(list('Capabilities')).toEqual([
      'Remembers earlier turns of the conversation',
      'Accepts corrections',
      'Declines inappropriate requests',
    ]);
    expect(list('Limitations')).toEqual([
      'May give incorrect or biased content',
      'Limited knowledge after 2021',
    ]);
  });
});
