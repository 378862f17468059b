import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, render, screen } from '@testing-library/react';
import { useContext, useState, type ContextType } from 'react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter } from 'react-router';
import { FREE_TIER_PROVIDER, type User } from '@chat/contract';
import '../../app/i18n';
import { queryKeys } from '../../api/keys';
import { createSlotRegistry, Slot, SlotRegistryProvider, SlotScope, type Slots } from '../../platform/slots';
import { quietScreen, scopeContexts } from '../../test-support/chat-scope';
import { testUser } from '../../test-support/user';
import { billingSlots } from './slots';

// A free-tier visitor with two messages left, as the auth provider keeps them.
const visitor: User = testUser({
  provider: FREE_TIER_PROVIDER,
  metadata: { isEligibleFor3DayTrial: false, freeMessages: 2 },
});
vi.mock('../auth', () => ({
  useAuth: () => {
    const [user, setUser] = useState<User | null>(visitor);
    return { user, setUser, logout: vi.fn() };
  },
}));

beforeEach(() => {
  // The server's count: the last free message went.
  const spent = { ...visitor, metadata: { ...visitor.metadata, freeMessages: 0 } };
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) =>
      url === '/api/user' ? Response.json(spent) : new Response(null, { status: 404 }),
    ),
  );
});
afterEach(() => {
  cleanup();
  send.mockClear();
  vi.unstubAllGlobals();
});

const chat = {
  routeId: 'new',
  assistantView: false,
  setup: {} as Slots['chat.scope']['setup'],
  busy: false,
  endpointLabel: (e: string) => e,
  modelLabel: (_e: string, m: string) => m,
  paramLabel: (k: string) => k,
};

const { provide, sendGuard } = scopeContexts();
const send = vi.fn((_text: string) => true);
/** The guard billing sets for the screen's sends, as the chat's input takes it. */
let guard: ContextType<typeof sendGuard> = null;

function GuardProbe() {
  guard = useContext(sendGuard);
  return null;
}

/** The chat screen's slots as the chat view draws them, filled by billing alone. */
function Screen({ error }: { error: Slots['chat.scope']['error'] }) {
  return (
    <SlotScope
      name="chat.scope"
      {...chat}
      {...quietScreen}
      send={send}
      canSend
      error={error}
      provide={provide}
    >
      <GuardProbe />
      <Slot name="chat.input.above" {...chat} />
      <Slot name="chat.dialogs" {...chat} />
    </SlotScope>
  );
}

function mount() {
  const qc = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  qc.setQueryData(queryKeys.config, { subscriptionsEnabled: false });
  const registry = createSlotRegistry(billingSlots);
  const ui = (error: Slots['chat.scope']['error']) => (
    <QueryClientProvider client={qc}>
      <MemoryRouter initialEntries={['/c/new']}>
        <SlotRegistryProvider value={registry}>
          <Screen error={error} />
        </SlotRegistryProvider>
      </MemoryRouter>
    </QueryClientProvider>
  );
  const view = render(ui(null));
  return (error: Slots['chat.scope']['error']) => view.rerender(ui(error));
}

describe('billing in the chat screen', () => {
  it('shows a free-tier visitor the messages left above the input, and no dialog', () => {
    mount();
    expect(screen.getByTestId('free-tier-notice').textContent).toContain('2');
    expect(screen.queryByTestId('trial-ended')).toBeNull();
  });

  it("checks the screen's sends: a visitor with no free message left gets Trial Ended, nothing sent", async () => {
    mount();
    expect(guard).not.toBeNull();
    let sent: boolean | Promise<boolean> = true;
    act(() => {
      sent = guard?.('hello') ?? true;
    });
    await act(async () => {
      expect(await sent).toBe(false);
    });
    expect(send).not.toHaveBeenCalled();
    expect((await screen.findByTestId('trial-ended')).textContent).toContain('Trial Ended');
  });

  it("opens Trial Ended among the screen's dialogs when the server refuses a send for it", async () => {
    const refuse = mount();
    refuse({ code: 'free_tier_exhausted', message: 'Your free messages are used up.' });
    expect((await screen.findByTestId('trial-ended')).textContent).toContain('Trial Ended');
  });
});
