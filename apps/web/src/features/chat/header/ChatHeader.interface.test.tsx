import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { InterfaceConfig } from '@chat/contract';
import '../../../app/i18n';
import { ToastProvider } from '../../../components/ui/Toast';
import { createSlotRegistry, Slot, SlotRegistryProvider, SlotScope } from '../../../platform/slots';
import { quietScreen, scopeContexts } from '../../../test-support/chat-scope';
import { presetsSlots } from '../../presets';
import type { ChatSlotProps } from '../chat-slots';
import { ChatHeader } from './ChatHeader';
import type { ChatSetupState } from './useChatSetup';

const SHOWN: InterfaceConfig = { endpointsMenu: true, modelSelect: true, parameters: true, presets: true };
let iface: InterfaceConfig = SHOWN;
vi.mock('../../../api/config', () => ({
  useStartupConfig: () => ({ data: { appTitle: 'Chat', interface: iface } }),
}));
vi.mock('../../auth', () => ({ useAuth: () => ({ user: null, setUser: vi.fn() }) }));

afterEach(() => {
  cleanup();
  iface = SHOWN;
});

/** The header of a chat on the OpenAI endpoint, with what a chat view passes it and the presets' fills. */
function renderHeader() {
  const setup = {
    endpointsConfig: { openAI: { order: 0, type: 'openAI', userProvide: false } },
    models: { openAI: ['gpt-4o-mini'] },
    endpoint: 'openAI',
    endpointType: 'openAI',
    model: 'gpt-4o-mini',
    params: {},
    carried: {},
    bing: {},
    tools: [],
    choose: vi.fn(),
    setParam: vi.fn(),
    resetParams: vi.fn(),
    setBing: vi.fn(),
    setCarried: vi.fn(),
    setTools: vi.fn(),
  } as unknown as ChatSetupState;
  const slot: ChatSlotProps = {
    routeId: 'new',
    assistantView: false,
    setup,
    busy: false,
    endpointLabel: (e) => e,
    modelLabel: (_e, m) => m,
    paramLabel: (k) => k,
  };
  render(
    <QueryClientProvider client={new QueryClient()}>
      <MemoryRouter initialEntries={['/c/new']}>
        <ToastProvider>
          <SlotRegistryProvider value={createSlotRegistry(presetsSlots)}>
            <SlotScope
              name="chat.scope"
              {...slot}
              {...quietScreen}
              send={() => true}
              canSend
              error={null}
              provide={scopeContexts().provide}
            >
              <ChatHeader
                setup={setup}
                onConfigureKey={vi.fn()}
                items={<Slot name="chat.header.items" {...slot} />}
              />
            </SlotScope>
          </SlotRegistryProvider>
        </ToastProvider>
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

const present = () =>
  ['endpoint-picker', 'options-button', 'presets-button'].filter((id) => screen.queryByTestId(id) !== null);

describe('ChatHeader and librechat.yaml interface', () => {
  it('shows the endpoint menu, the options and the presets by default', () => {
    renderHeader();
    expect(present()).toEqual(['endpoint-picker', 'options-button', 'presets-button']);
  });

  it('hides each part the operator turned off', () => {
    iface = { ...SHOWN, parameters: false, presets: false };
    renderHeader();
    expect(present()).toEqual(['endpoint-picker']);
    cleanup();
    iface = { ...SHOWN, modelSelect: false };
    renderHeader();
    expect(present()).toEqual(['options-button', 'presets-button']);
    cleanup();
    iface = { ...SHOWN, endpointsMenu: false };
    renderHeader();
    expect(present()).toEqual(['options-button', 'presets-button']);
  });
});
