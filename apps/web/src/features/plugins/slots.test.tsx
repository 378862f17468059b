import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { Plugin } from '@chat/contract';
import '../../app/i18n';
import { createSlotRegistry, fill, Slot, SlotRegistryProvider, type Slots } from '../../platform/slots';
import { pluginsSlots } from './slots';

const PLUGINS: Plugin[] = [
  {
    name: 'Calculator',
    pluginKey: 'calculator',
    description: 'Adds numbers',
    icon: '/assets/plugins/calculator.svg',
    authConfig: [],
    authenticated: true,
  },
];
vi.mock('../../api/call', () => ({ callApi: vi.fn(async () => PLUGINS) }));
vi.mock('../auth', () => ({ useAuth: () => ({ user: { plugins: ['calculator'] }, setUser: vi.fn() }) }));

afterEach(cleanup);

/** Another feature's header item, to see where the select comes among them. */
const other = fill('chat.header.items', {
  id: 'other',
  order: 10,
  component: () => <span data-testid="other" />,
});

function renderItems(endpointType: string) {
  const props = {
    routeId: 'new',
    assistantView: false,
    setup: { endpointType, tools: [], setTools: vi.fn() },
    busy: false,
    endpointLabel: (e: string) => e,
    modelLabel: (_e: string, m: string) => m,
    paramLabel: (k: string) => k,
  } as unknown as Slots['chat.header.items'];
  render(
    <QueryClientProvider client={new QueryClient()}>
      <SlotRegistryProvider value={createSlotRegistry<Slots>([...pluginsSlots, other])}>
        <div data-testid="items">
          <Slot name="chat.header.items" {...props} />
        </div>
      </SlotRegistryProvider>
    </QueryClientProvider>,
  );
}

describe("the plugins' header item", () => {
  it('shows the select on the plugins endpoint, after the other items', async () => {
    renderItems('gptPlugins');
    const select = await screen.findByTestId('plugins-select');
    const items = screen.getByTestId('items');
    expect(items.lastElementChild).toBe(select);
    expect(items.firstElementChild).toBe(screen.getByTestId('other'));
  });

  it('shows nothing on another endpoint', async () => {
    // The select's chunk loaded first, so a select would be there at once.
    renderItems('gptPlugins');
    await screen.findByTestId('plugins-select');
    cleanup();
    renderItems('openAI');
    expect(screen.getByTestId('other')).not.toBeNull();
    expect(screen.queryByTestId('plugins-select')).toBeNull();
  });
});
