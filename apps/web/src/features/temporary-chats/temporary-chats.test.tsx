import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { Conversation, StartupConfig } from '@chat/contract';
import '../../app/i18n';
import { queryKeys } from '../../api/keys';
import { createSlotRegistry, Slot, SlotRegistryProvider, SlotScope, type Slots } from '../../platform/slots';
import { quietScreen, scopeContexts } from '../../test-support/chat-scope';
import { retentionText } from './retention';
import { temporaryChatsSlots } from './slots';
import { isTemporary, setTemporary } from './store';

let startup: Partial<StartupConfig> = {};
vi.mock('../../api/config', () => ({ useStartupConfig: () => ({ data: startup }) }));

afterEach(() => {
  cleanup();
  startup = {};
  setTemporary(false);
});

/** What the scope fill hands the chat for its new-conversation sends. */
type Source = Parameters<NonNullable<Slots['chat.scope']['setNewConversationExtras']>>[0];

/** The chat screen's slots as the chat view draws them, filled by temporary chats alone. */
function renderChat(
  routeId = 'new',
  opts: { busy?: boolean; assistantView?: boolean; qc?: QueryClient } = {},
) {
  const qc = opts.qc ?? new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const source: { current: Source } = { current: null };
  const props: Slots['chat.header.items'] = {
    routeId,
    assistantView: opts.assistantView ?? false,
    setup: {} as Slots['chat.header.items']['setup'],
    busy: opts.busy ?? false,
    endpointLabel: (e) => e,
    modelLabel: (_e, m) => m,
    paramLabel: (k) => k,
  };
  render(
    <QueryClientProvider client={qc}>
      <SlotRegistryProvider value={createSlotRegistry(temporaryChatsSlots)}>
        <SlotScope
          name="chat.scope"
          {...props}
          {...quietScreen}
          send={() => true}
          canSend
          error={null}
          provide={scopeContexts().provide}
          setNewConversationExtras={(s) => {
            source.current = s;
          }}
        >
          <header>
            <Slot name="chat.header.items" {...props} />
          </header>
          <Slot name="chat.input.above" {...props} />
          <form data-chat-composer="" data-testid="composer" />
        </SlotScope>
      </SlotRegistryProvider>
    </QueryClientProvider>,
  );
  return { source, qc };
}

const toggle = () => screen.queryByTestId('temporary-chat-toggle');
const notice = () => screen.queryByTestId('temporary-chat-notice');

describe('the temporary chat switch', () => {
  it('is off on a new chat; turned on, the next send carries isTemporary and the notice says for how long', () => {
    const { source } = renderChat();
    expect(toggle()?.getAttribute('aria-pressed')).toBe('false');
    expect(toggle()?.getAttribute('aria-label')).toBe('Temporary Chat');
    expect(notice()).toBeNull();
    expect(source.current?.()).toBeNull();

    fireEvent.click(toggle()!);
    expect(toggle()?.getAttribute('aria-pressed')).toBe('true');
    expect(notice()?.textContent).toContain('30 days');
    expect(notice()?.textContent).toContain("won't appear in your history");
    const extras = source.current?.();
    expect(extras?.body).toEqual({ isTemporary: true });
    const end = new Date(extras!.conversation!.expiredAt!).getTime();
    expect(Math.abs(end - (Date.now() + 720 * 3_600_000))).toBeLessThan(60_000);
    expect(document.querySelector('[data-temporary-chat]')).not.toBeNull();

    fireEvent.click(toggle()!);
    expect(source.current?.()).toBeNull();
    expect(notice()).toBeNull();
  });

  it('follows the operator: the retention in hours, and nothing at all when temporaryChat is false', () => {
    startup = { interface: { temporaryChatRetention: 36 } } as Partial<StartupConfig>;
    renderChat();
    fireEvent.click(toggle()!);
    expect(notice()?.textContent).toContain('36 hours');
    cleanup();

    startup = { interface: { temporaryChat: false } } as Partial<StartupConfig>;
    const { source } = renderChat();
    expect(toggle()).toBeNull();
    act(() => setTemporary(true));
    expect(source.current?.()).toBeNull();
  });

  it('is not offered while a reply is on its way, in the assistants’ view, or in a saved conversation', () => {
    renderChat('new', { busy: true });
    expect(toggle()).toBeNull();
    cleanup();
    renderChat('new', { assistantView: true });
    expect(toggle()).toBeNull();
    cleanup();
    act(() => setTemporary(true));
    renderChat('c1');
    expect(toggle()).toBeNull();
    // Leaving the new chat turns the switch off: the next new chat starts as a kept one.
    expect(isTemporary()).toBe(false);
    expect(notice()).toBeNull();
  });

  it('keeps the notice and the composer’s look on a saved temporary chat', () => {
    const qc = new QueryClient();
    const saved: Conversation = {
      conversationId: 'c2',
      title: 'T',
      user: 'u',
      endpoint: 'openAI',
      expiredAt: '2027-01-01T00:00:00.000Z',
      createdAt: '2026-12-01T00:00:00.000Z',
      updatedAt: '2026-12-01T00:00:00.000Z',
    };
    qc.setQueryData(queryKeys.convos.one('c2'), saved);
    renderChat('c2', { qc });
    expect(notice()).not.toBeNull();
    expect(document.querySelector('[data-temporary-chat] [data-chat-composer]')).not.toBeNull();
  });
});

describe('retentionText', () => {
  it('says whole days as days, else hours, in the reader’s language', () => {
    expect(retentionText(720, 'en-US')).toBe('30 days');
    expect(retentionText(24, 'en-US')).toBe('1 day');
    expect(retentionText(36, 'en-US')).toBe('36 hours');
    expect(retentionText(1, 'en-US')).toBe('1 hour');
    expect(retentionText(720, 'de-DE')).toBe('30 Tage');
  });
});
