import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { EModelEndpoint, type Assistant } from '@chat/contract';
import '../../app/i18n';
import { createSlotRegistry, Slot, SlotRegistryProvider, type Slots } from '../../platform/slots';
import { assistantsSlots } from './slots';
import { testAssistant } from '../../test-support/assistant';

vi.mock('../../api/call', () => ({ callApi: vi.fn() }));
vi.mock('../auth', () => ({ useAuth: () => ({ user: null }) }));

afterEach(cleanup);

const assistant = (id: string, name: string) => testAssistant({ id, name, model: 'gpt-4o' });

/** The /a/ view's header and panel as the chat view draws them, filled by assistants. */
function renderView(selected: Assistant | null, openPanel?: () => void) {
  const props: Slots['chat.assistant.header'] = {
    routeId: 'new',
    assistantView: true,
    setup: { models: { [EModelEndpoint.assistant]: ['gpt-4o'] } } as unknown as Slots['chat.scope']['setup'],
    busy: false,
    endpointLabel: (e) => e,
    modelLabel: (_e, m) => m,
    paramLabel: (k) => k,
    assistant: {
      assistants: [assistant('asst_a', ''), assistant('asst_b', 'Beta')],
      loading: false,
      selected,
      select: vi.fn(),
      target: null,
    },
    openPanel,
  };
  render(
    <QueryClientProvider client={new QueryClient()}>
      <SlotRegistryProvider value={createSlotRegistry(assistantsSlots)}>
        <header>
          <Slot name="chat.assistant.header" {...props} />
        </header>
        <aside>
          <Slot name="chat.assistant.panel" {...props} />
        </aside>
      </SlotRegistryProvider>
    </QueryClientProvider>,
  );
}

describe('assistants in the chat screen', () => {
  it('names the assistant that replies in the header, a nameless one as untitled, none as none chosen', () => {
    renderView(assistant('asst_b', 'Beta'));
    expect(screen.getByTestId('assistant-current').textContent).toBe('Beta');
    cleanup();
    renderView(assistant('asst_a', ''));
    expect(screen.getByTestId('assistant-current').textContent).toBe('Untitled assistant');
    cleanup();
    renderView(null);
    expect(screen.getByTestId('assistant-current').textContent).toBe('No assistant chosen');
  });

  it("offers the panel's button only where the panel is a sheet, and loads the panel's list", async () => {
    const openPanel = vi.fn();
    renderView(null, openPanel);
    fireEvent.click(screen.getByTestId('assistant-open-panel'));
    expect(openPanel).toHaveBeenCalled();
    expect(await screen.findByLabelText('Assistant')).toBeTruthy();
    cleanup();
    renderView(null);
    expect(screen.queryByTestId('assistant-open-panel')).toBeNull();
  });
});
