import { afterEach, expect, it, vi } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter } from 'react-router';
import { NO_PARENT, type EndpointsConfig, type SearchHit } from '@chat/contract';
import '../../app/i18n';
import { queryKeys } from '../../api/keys';
import { SearchResult } from './SearchResult';

vi.mock('../../api/call', () => ({ callApi: vi.fn() }));
vi.mock('../auth', () => ({ useAuth: () => ({ user: null }) }));

afterEach(cleanup);

const config: EndpointsConfig = {
  openAI: { order: 1, type: 'openAI', userProvide: false },
  Mistral: { order: 8, type: 'custom', userProvide: false, modelDisplayLabel: 'Mistral AI' },
};

function hit(id: string, endpoint: string, sender: string): SearchHit {
  return {
    messageId: id,
    conversationId: 'c1',
    parentMessageId: NO_PARENT,
    sender,
    text: 'penguins huddle',
    isCreatedByUser: false,
    endpoint,
    model: 'some-model',
    error: false,
    unfinished: false,
    isEdited: false,
    finish_reason: 'stop',
    tokenCount: null,
    createdAt: '2026-01-01T00:00:00.000Z',
    updatedAt: '2026-01-01T00:00:00.000Z',
    title: 'Penguins',
    excerpt: false,
  };
}

it("names a reply as the chat does: its endpoint's display name, not a raw endpoint id", () => {
  const qc = new QueryClient();
  qc.setQueryData(queryKeys.endpoints, config);
  render(
    <QueryClientProvider client={qc}>
      <MemoryRouter>
        <SearchResult
          group={{
            conversationId: 'c1',
            title: 'Penguins',
            hits: [hit('a', 'openAI', 'openAI'), hit('b', 'Mistral', 'Mistral')],
          }}
          terms={['penguins']}
        />
      </MemoryRouter>
    </QueryClientProvider>,
  );
  expect(screen.getAllByTestId('search-hit-sender').map((el) => el.textContent)).toEqual([
    'OpenAI',
    'Mistral AI',
  ]);
});
