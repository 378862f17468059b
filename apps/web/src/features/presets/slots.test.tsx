import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import type { StartupConfig } from '@chat/contract';
import '../../app/i18n';
import { ToastProvider } from '../../components/ui/Toast';
import { createSlotRegistry, Slot, SlotRegistryProvider, SlotScope, type Slots } from '../../platform/slots';
import { quietScreen, scopeContexts } from '../../test-support/chat-scope';
import { presetsSlots } from './slots';

let startup: Partial<StartupConfig> = {};
vi.mock('../../api/config', () => ({ useStartupConfig: () => ({ data: startup }) }));

afterEach(() => {
  cleanup();
  startup = {};
});

/** The chat screen's slots as the chat view draws them, filled by presets alone. */
function renderChat(assistantView: boolean) {
  const props: Slots['chat.header.items'] = {
    routeId: 'new',
    assistantView,
    setup: {
      endpoint: 'openAI',
      model: 'gpt-4o',
      options: {},
      applyPreset: () => ({ model: 'gpt-4o' }),
    } as unknown as Slots['chat.header.items']['setup'],
    busy: false,
    endpointLabel: (e) => e,
    modelLabel: (_e, m) => m,
    paramLabel: (k) => k,
  };
  render(
    <ToastProvider>
      <SlotRegistryProvider value={createSlotRegistry(presetsSlots)}>
        <SlotScope
          name="chat.scope"
          {...props}
          {...quietScreen}
          send={() => true}
          canSend
          error={null}
          provide={scopeContexts().provide}
        >
          <header>
            <Slot name="chat.header.items" {...props} />
          </header>
          <Slot name="chat.header.below" {...props} />
          <Slot name="chat.dialogs" {...props} />
        </SlotScope>
      </SlotRegistryProvider>
    </ToastProvider>,
  );
}

describe('presets in the chat screen', () => {
  it('puts the menu in the header and the "Model:" bar under it, on the setup in effect', () => {
    renderChat(false);
    expect(screen.getByTestId('presets-button')).toBeTruthy();
    expect(screen.getByTestId('model-bar').textContent).toBe('Model: gpt-4o');
  });

  it('shows neither in the assistants’ view', () => {
    renderChat(true);
    expect(screen.queryByTestId('presets-button')).toBeNull();
    expect(screen.queryByTestId('model-bar-row')).toBeNull();
  });

  it('leaves out the bar under enforced model specs, and the menu where the interface hides it', () => {
    startup = { modelSpecs: { enforce: true, list: [] } } as unknown as Partial<StartupConfig>;
    renderChat(false);
    expect(screen.getByTestId('presets-button')).toBeTruthy();
    expect(screen.queryByTestId('model-bar-row')).toBeNull();
    cleanup();
    startup = { interface: { presets: false } } as Partial<StartupConfig>;
    renderChat(false);
    expect(screen.queryByTestId('presets-button')).toBeNull();
    expect(screen.getByTestId('model-bar')).toBeTruthy();
  });
});
