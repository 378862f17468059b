import { afterEach, describe, expect, it, vi } from 'vitest';
import { Suspense } from 'react';
import { cleanup, render, screen } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { EndpointsConfig } from '@chat/contract';
import '../../app/i18n';
import { queryKeys } from '../../api/keys';
import { actionsSlots } from './slots';

// The section itself is ActionsSection.test.tsx's: here only whether the builder shows it.
vi.mock('./ActionsSection', () => ({ default: () => <p>the actions section</p> }));

afterEach(cleanup);

function renderWith(agents: EndpointsConfig[string]) {
  const qc = new QueryClient({ defaultOptions: { queries: { staleTime: Infinity, retry: false } } });
  qc.setQueryData(queryKeys.endpoints, { agents } satisfies EndpointsConfig);
  const Fill = actionsSlots[0]!.component as (p: { agentId: string }) => React.ReactNode;
  return render(
    <QueryClientProvider client={qc}>
      {/* A section on its way shows the fallback at once: an empty screen means none was asked for. */}
      <Suspense fallback={<p>loading</p>}>
        <Fill agentId="agent_1" />
      </Suspense>
    </QueryClientProvider>,
  );
}

describe("the builder's actions section", () => {
  it('shows where agents have the actions capability', async () => {
    renderWith({ order: 1, userProvide: false, type: 'agents', capabilities: ['tools', 'actions'] });
    expect(await screen.findByText('the actions section')).toBeTruthy();
  });

  it('is not there where the operator left the capability out', () => {
    // Decided from the cached endpoints: no section and no fallback waiting for one.
    const { container } = renderWith({
      order: 1,
      userProvide: false,
      type: 'agents',
      capabilities: ['tools'],
    });
    expect(container.innerHTML).toBe('');
  });
});
