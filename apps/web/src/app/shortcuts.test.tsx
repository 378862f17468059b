import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter, useLocation } from 'react-router';
import './i18n';
import { queryKeys } from '../api/keys';
import { setSession } from '../api/http';
import { ToastProvider } from '../components/ui/Toast';
import { createSlotRegistry, SlotRegistryProvider, SlotScope, type Slots } from '../platform/slots';
import { useNav } from '../state/nav';
import { ThemeProvider } from '../state/theme';
import { clearSessionHint, setSessionHint } from '../test-support/session-hint';
import { quietScreen, scopeContexts } from '../test-support/chat-scope';
import { testUser } from '../test-support/user';
import { AuthProvider } from '../features/auth/AuthProvider';
import { PROMPT_INPUT_ID } from '../features/chat';
import { SidebarSearch } from '../features/sidebar/SidebarSearch';
import { UserMenu } from '../features/sidebar/UserMenu';
import { ShortcutsHost, shortcutsSlots } from '../features/shortcuts';
import { SHORTCUTS } from '../features/shortcuts/table';

const user = testUser();

beforeEach(() => {
  setSessionHint();
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) => {
      if (url === '/api/auth/refresh') return Response.json({ token: 'access-1', user });
      if (url === '/api/config') return Response.json({ appTitle: 'OmniChat' });
      return Response.json({});
    }),
  );
  Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
  writeText.mockClear();
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  setSession(null);
  clearSessionHint();
  // The sidebar's state outlives a test: back to shown.
  act(() => useNavState?.setVisible(true));
});

const writeText = vi.fn(async (_text: string) => undefined);
let useNavState: ReturnType<typeof useNav> | undefined;

function Probe() {
  useNavState = useNav();
  return (
    <>
      <output data-testid="where">{useLocation().pathname}</output>
      <output data-testid="nav">{useNavState.visible ? 'shown' : 'hidden'}</output>
    </>
  );
}

interface ScreenState {
  busy?: boolean;
  reply?: string;
}

/** The signed-in app's parts the shortcuts reach: the layout's host, the sidebar's search and menu, a chat screen. */
function mount({ busy = false, reply = 'The answer is 42.' }: ScreenState = {}) {
  const stop = vi.fn();
  const qc = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  qc.setQueryData(queryKeys.searchEnabled, true);
  const slot: Omit<Slots['chat.scope'], 'children'> = {
    routeId: 'c1',
    assistantView: false,
    setup: {} as Slots['chat.scope']['setup'],
    busy,
    endpointLabel: (e) => e,
    modelLabel: (_e, m) => m,
    paramLabel: (k) => k,
    ...quietScreen,
    stop,
    lastReplyText: () => reply,
    focusInput: () => {
      document.getElementById(PROMPT_INPUT_ID)?.focus();
      return true;
    },
    send: () => true,
    canSend: true,
    error: null,
    provide: scopeContexts().provide,
  };
  render(
    <QueryClientProvider client={qc}>
      <ThemeProvider>
        <ToastProvider>
          <MemoryRouter initialEntries={['/c/c1']}>
            <AuthProvider>
              <SlotRegistryProvider value={createSlotRegistry(shortcutsSlots)}>
                <ShortcutsHost />
                <nav>
                  <SidebarSearch />
                  <UserMenu />
                </nav>
                <SlotScope name="chat.scope" {...slot}>
                  <textarea id={PROMPT_INPUT_ID} aria-label="Message" />
                </SlotScope>
                <Probe />
              </SlotRegistryProvider>
            </AuthProvider>
          </MemoryRouter>
        </ToastProvider>
      </ThemeProvider>
    </QueryClientProvider>,
  );
  return { stop };
}

/** Ctrl (this is not a Mac) with the other keys, on what has the focus. */
function press(init: KeyboardEventInit, target: Element = document.activeElement ?? document.body) {
  return fireEvent.keyDown(target, init);
}

const ctrlShift = (key: string): KeyboardEventInit => ({ key, ctrlKey: true, shiftKey: true });

describe('keyboard shortcuts', () => {
  it('Ctrl+Shift+O starts a new chat', () => {
    mount();
    press(ctrlShift('O'));
    expect(screen.getByTestId('where').textContent).toBe('/c/new');
  });

  it('Ctrl+Shift+S hides and shows the sidebar', () => {
    mount();
    expect(screen.getByTestId('nav').textContent).toBe('shown');
    press(ctrlShift('S'));
    expect(screen.getByTestId('nav').textContent).toBe('hidden');
    press(ctrlShift('S'));
    expect(screen.getByTestId('nav').textContent).toBe('shown');
  });

  it('Ctrl+K opens the sidebar and puts the focus in its search box', () => {
    mount();
    press(ctrlShift('S'));
    expect(press({ key: 'k', ctrlKey: true })).toBe(false); // handled: the browser's own is not done
    expect(screen.getByTestId('nav').textContent).toBe('shown');
    expect(document.activeElement).toBe(screen.getByTestId('sidebar-search'));
  });

  it('Shift+Esc puts the focus in the message box', () => {
    mount();
    press({ key: 'Escape', shiftKey: true });
    expect(document.activeElement?.id).toBe(PROMPT_INPUT_ID);
  });

  it('Esc stops the reply being written, from the message box or the page', () => {
    const { stop } = mount({ busy: true });
    press({ key: 'Escape' }, document.body);
    expect(stop).toHaveBeenCalledTimes(1);
    screen.getByRole('textbox', { name: 'Message' }).focus();
    press({ key: 'Escape' });
    expect(stop).toHaveBeenCalledTimes(2);
  });

  it('Esc stops nothing when no reply is being written, nor when a field of its own or a menu has it', async () => {
    const quiet = mount();
    press({ key: 'Escape' }, document.body);
    expect(quiet.stop).not.toHaveBeenCalled();
    cleanup();

    const { stop } = mount({ busy: true });
    press({ key: 'Escape' }, screen.getByTestId('sidebar-search'));
    fireEvent.click(await screen.findByTestId('user-menu'));
    press({ key: 'Escape' }, document.body);
    expect(stop).not.toHaveBeenCalled();
  });

  it('Ctrl+Shift+C copies the newest reply and says so', async () => {
    mount();
    press(ctrlShift('C'));
    expect(writeText).toHaveBeenCalledWith('The answer is 42.');
    expect((await screen.findByTestId('toast')).textContent).toContain('Copied!');
  });

  it('Ctrl+Shift+C leaves the key to the browser when there is no reply', () => {
    mount({ reply: '' });
    expect(press(ctrlShift('C'))).toBe(true);
    expect(writeText).not.toHaveBeenCalled();
  });

  it('Ctrl+/ opens the help dialog listing every shortcut with its keys; Esc closes it and the focus comes back', async () => {
    mount();
    const input = screen.getByRole('textbox', { name: 'Message' });
    input.focus();
    press({ key: '/', ctrlKey: true });
    const dialog = await screen.findByRole('dialog', { name: 'Keyboard shortcuts' });
    for (const s of SHORTCUTS) expect(within(dialog).getByTestId(`shortcut-${s.id}`)).toBeTruthy();
    expect(dialog.querySelectorAll('dt')).toHaveLength(SHORTCUTS.length);
    const newChat = within(dialog).getByTestId('shortcut-newChat');
    expect(newChat.querySelector('dt')?.textContent).toBe('New chat');
    expect([...newChat.querySelectorAll('kbd')].map((k) => k.textContent)).toEqual(['Ctrl', 'Shift', 'O']);
    expect(
      [...within(dialog).getByTestId('shortcut-stop').querySelectorAll('kbd')].map((k) => k.textContent),
    ).toEqual(['Esc']);

    fireEvent.keyDown(document.activeElement ?? dialog, { key: 'Escape' });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(document.activeElement).toBe(input);
  });

  it('does nothing else while a dialog is open', async () => {
    mount({ busy: true });
    press({ key: '/', ctrlKey: true });
    await screen.findByRole('dialog');
    press(ctrlShift('O'));
    press(ctrlShift('S'));
    press(ctrlShift('C'));
    expect(screen.getByTestId('where').textContent).toBe('/c/c1');
    expect(screen.getByTestId('nav').textContent).toBe('shown');
    expect(writeText).not.toHaveBeenCalled();
  });

  it('does nothing while an input method composes', () => {
    const { stop } = mount({ busy: true });
    press({ ...ctrlShift('O'), isComposing: true });
    press({ key: 'Escape', isComposing: true }, document.body);
    press({ key: 'Process', keyCode: 229, ctrlKey: true, shiftKey: true, code: 'KeyS' });
    expect(screen.getByTestId('where').textContent).toBe('/c/c1');
    expect(screen.getByTestId('nav').textContent).toBe('shown');
    expect(stop).not.toHaveBeenCalled();
  });

  it("ignores the Mac's ⌘ elsewhere, and Ctrl with Alt (AltGr types letters)", () => {
    mount();
    press({ key: 'o', metaKey: true, shiftKey: true });
    press({ key: 'o', ctrlKey: true, altKey: true, shiftKey: true });
    expect(screen.getByTestId('where').textContent).toBe('/c/c1');
  });

  it('the user menu opens the same dialog', async () => {
    mount();
    fireEvent.click(await screen.findByTestId('user-menu'));
    fireEvent.click(screen.getByTestId('keyboard-shortcuts'));
    expect(await screen.findByRole('dialog', { name: 'Keyboard shortcuts' })).toBeTruthy();
    expect(screen.queryByRole('menu')).toBeNull();
  });
});
