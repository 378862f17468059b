import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, render, screen, within } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { StartupConfig } from '@chat/contract';
import { queryKeys } from '../../api/keys';
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

  it("shows the operator's welcome (interface.customWelcome) as text in place of the greeting", () => {
    const qc = new QueryClient();
    qc.setQueryData<Partial<StartupConfig>>(queryKeys.config, {
      appTitle: 'Chat',
      interface: {
        endpointsMenu: true,
        modelSelect: true,
        parameters: true,
        presets: true,
        customWelcome: 'Welcome, <b>team</b>!',
      },
    });
    render(
      <QueryClientProvider client={qc}>
        <EmptyState endpointLabel={null} />
      </QueryClientProvider>,
    );
    expect(screen.getByTestId('chat-greeting').textContent).toBe('Welcome, <b>team</b>!');
    cleanup();
    render(
      <QueryClientProvider client={new QueryClient()}>
        <EmptyState endpointLabel={null} />
      </QueryClientProvider>,
    );
    expect(screen.getByTestId('chat-greeting').textContent).not.toContain('team');
  });
});
