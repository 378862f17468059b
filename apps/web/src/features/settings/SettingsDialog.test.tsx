import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter, useLocation } from 'react-router';
import { LOCAL_KEYS, UPLOAD_LIMITS, type User } from '@chat/contract';
import { changeLanguage, resolveLanguage } from '../../app/i18n';
import { queryKeys } from '../../api/keys';
import { ToastProvider } from '../../components/ui/Toast';
import { LanguageProvider } from '../../state/language';
import { ThemeProvider } from '../../state/theme';
import { createSlotRegistry, SlotRegistryProvider } from '../../platform/slots';
import { billingSlots } from '../billing';
import SettingsDialog from './SettingsDialog';

const auth = vi.hoisted(() => ({
  user: { id: 'u1', name: 'Ann Example', email: 'ann@example.com', avatar: null } as unknown as User,
  setUser: vi.fn(),
  endDeletedAccount: vi.fn(),
  logoutEverywhere: vi.fn(async () => {}),
}));
vi.mock('../auth', () => ({ useAuth: () => auth }));

interface Sent {
  method: string;
  url: string;
  body: unknown;
}
let sent: Sent[] = [];
let answer: (req: Sent) => Response;

beforeEach(() => {
  sent = [];
  answer = () => Response.json({ deletedCount: 1 });
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit = {}) => {
      // The Account tab's social-media bonus row asks what is offered (SocialBonus.test.tsx): nothing.
      if (url.endsWith('/api/user/socialMediaBonus')) return Response.json({ tokens: 0, platforms: [] });
      const body =
        typeof init.body === 'string' ? (JSON.parse(init.body) as unknown) : (init.body ?? undefined);
      const req = { method: init.method ?? 'GET', url, body };
      sent.push(req);
      return answer(req);
    }),
  );
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  localStorage.clear();
  auth.setUser.mockReset();
  auth.endDeletedAccount.mockReset();
  auth.logoutEverywhere.mockReset();
});

function Where() {
  return <output data-testid="where">{useLocation().pathname}</output>;
}

function open(onClose = vi.fn(), at = '/c/new', subscriptionsEnabled = false) {
  const qc = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  // The app has its config before any dialog opens.
  qc.setQueryData(queryKeys.config, { subscriptionsEnabled });
  render(
    <QueryClientProvider client={qc}>
      <MemoryRouter initialEntries={[at]}>
        <Where />
        <LanguageProvider apply={(choice) => changeLanguage(resolveLanguage(choice, 'en-US'))}>
          <ThemeProvider>
            <ToastProvider>
              {/* With the features' lines, as the app draws it (billing's My Subscription). */}
              <SlotRegistryProvider value={createSlotRegistry(billingSlots)}>
                <SettingsDialog open onClose={onClose} />
              </SlotRegistryProvider>
            </ToastProvider>
          </ThemeProvider>
        </LanguageProvider>
      </MemoryRouter>
    </QueryClientProvider>,
  );
  return { onClose };
}

const tab = (name: string) => screen.getByTestId(`settings-tab-${name}`);

describe('the settings dialog', () => {
  it('has four tabs, moved through with the arrow keys, Home and End; Escape closes', () => {
    const { onClose } = open();
    expect(screen.getAllByRole('tab').map((t) => t.textContent)).toEqual([
      'General',
      'Data controls',
      'Beta features',
      'Account',
    ]);
    expect(tab('general').getAttribute('aria-selected')).toBe('true');
    expect(document.activeElement).toBe(tab('general'));
    fireEvent.keyDown(tab('general'), { key: 'ArrowDown' });
    expect(tab('data').getAttribute('aria-selected')).toBe('true');
    expect(document.activeElement).toBe(tab('data'));
    expect(screen.getByTestId('settings-panel-data')).toBeTruthy();
    fireEvent.keyDown(tab('data'), { key: 'End' });
    expect(document.activeElement).toBe(tab('account'));
    fireEvent.keyDown(tab('account'), { key: 'ArrowRight' });
    expect(tab('general').getAttribute('aria-selected')).toBe('true');
    // Only the selected tab is in the Tab order.
    expect(screen.getAllByRole('tab').map((t) => t.tabIndex)).toEqual([0, -1, -1, -1]);
    fireEvent.keyDown(document.activeElement!, { key: 'Escape' });
    expect(onClose).toHaveBeenCalled();
  });

  it('switches the theme and the language, and keeps both', async () => {
    open();
    fireEvent.change(screen.getByTestId('settings-theme'), { target: { value: 'light' } });
    expect(document.documentElement.classList.contains('dark')).toBe(false);
    expect(localStorage.getItem(LOCAL_KEYS.theme)).toBe('light');
    fireEvent.change(screen.getByTestId('settings-theme'), { target: { value: 'dark' } });
    expect(document.documentElement.classList.contains('dark')).toBe(true);

    const language = screen.getByTestId('settings-language');
    const options = within(language).getAllByRole('option');
    expect(options).toHaveLength(19);
    expect(options[0]?.textContent).toBe('Auto detect');
    expect(options.find((o) => o.getAttribute('value') === 'ja-JP')?.textContent).toBe('日本語');
    fireEvent.change(language, { target: { value: 'de-DE' } });
    expect(localStorage.getItem(LOCAL_KEYS.lang)).toBe('de-DE');
    await waitFor(() => expect(document.documentElement.lang).toBe('de-DE'));
    fireEvent.change(language, { target: { value: 'auto' } });
    expect(localStorage.getItem(LOCAL_KEYS.lang)).toBe('auto');
    await waitFor(() => expect(document.documentElement.lang).toBe('en-US'));
  });

  it('clears all chats on the second click only', async () => {
    open();
    const button = screen.getByTestId('settings-clear-chats');
    expect(button.textContent).toBe('Clear');
    fireEvent.click(button);
    expect(button.textContent).toBe('Confirm clear');
    expect(sent).toEqual([]);
    fireEvent.click(button);
    await waitFor(() =>
      expect(sent).toEqual([
        { method: 'POST', url: '/api/convos/clear', body: { arg: { source: 'settings' } } },
      ]),
    );
    await screen.findByText('All chats cleared');
    expect(button.textContent).toBe('Clear');
    expect(screen.getByTestId('where').textContent).toBe('/c/new');
  });

  it('My Subscription: a placeholder without subscriptions; with them, the status and Edit', async () => {
    open();
    expect(screen.getByTestId<HTMLButtonElement>('settings-subscription').disabled).toBe(true);
    cleanup();
    open(vi.fn(), '/c/new', true);
    expect((await screen.findByTestId('settings-subscription-status')).textContent).toBe('No subscription');
    // No subscription to manage: the notice, and no portal is asked for.
    fireEvent.click(await screen.findByTestId('settings-subscription'));
    expect(await screen.findByText('No subscription found. Send a chat message to buy one.')).toBeTruthy();
    expect(sent).toEqual([]);
  });

  it('leaves a conversation that was open for a new chat once all are cleared', async () => {
    open(vi.fn(), '/c/0b7c8a4e-1d2f-4a3b-9c5d-6e7f8a9b0c1d');
    const button = screen.getByTestId('settings-clear-chats');
    fireEvent.click(button);
    expect(screen.getByTestId('where').textContent).toBe('/c/0b7c8a4e-1d2f-4a3b-9c5d-6e7f8a9b0c1d');
    fireEvent.click(button);
    await waitFor(() => expect(screen.getByTestId('where').textContent).toBe('/c/new'));
  });

  it('revokes all keys on the second click, and stays armed when it failed', async () => {
    open();
    fireEvent.click(tab('data'));
    const button = screen.getByTestId('settings-revoke-keys');
    answer = () => Response.json({ message: 'down', code: 'internal' }, { status: 500 });
    fireEvent.click(button);
    fireEvent.click(button);
    await screen.findByText('Could not revoke your keys. Please try again.');
    expect(button.textContent).toBe('Confirm revoke');
    answer = () => Response.json({ deletedCount: 2 });
    fireEvent.click(button);
    await screen.findByText('All your keys were revoked');
    expect(sent.map((r) => `${r.method} ${r.url}`)).toEqual([
      'DELETE /api/keys?all=true',
      'DELETE /api/keys?all=true',
    ]);
  });

  it('keeps the beta and account toggles', () => {
    open();
    fireEvent.click(tab('beta'));
    const latex = screen.getByTestId('toggle-LaTeXParsing');
    expect(latex.getAttribute('aria-checked')).toBe('true');
    fireEvent.click(latex);
    expect(latex.getAttribute('aria-checked')).toBe('false');
    expect(localStorage.getItem(LOCAL_KEYS.LaTeXParsing)).toBe('false');
    fireEvent.click(screen.getByTestId('toggle-modularChat'));
    expect(localStorage.getItem(LOCAL_KEYS.modularChat)).toBe('false');
    fireEvent.click(tab('account'));
    fireEvent.click(screen.getByTestId('toggle-UsernameDisplay'));
    expect(localStorage.getItem(LOCAL_KEYS.UsernameDisplay)).toBe('true');
    fireEvent.click(tab('general'));
    fireEvent.click(screen.getByTestId('toggle-autoScroll'));
    expect(localStorage.getItem(LOCAL_KEYS.autoScroll)).toBe('false');
  });

  it('refuses a wrong avatar file, previews a right one and uploads it as multipart', async () => {
    vi.stubGlobal(
      'URL',
      Object.assign(URL, { createObjectURL: () => 'blob:preview', revokeObjectURL: vi.fn() }),
    );
    open();
    fireEvent.click(tab('account'));
    const input = screen.getByTestId('settings-avatar-input');
    const big = new File([new Uint8Array(UPLOAD_LIMITS.avatarMaxBytes + 1)], 'big.png', {
      type: 'image/png',
    });
    fireEvent.change(input, { target: { files: [big] } });
    await screen.findByText('Invalid file for upload. Must be a .png or .jpg image not exceeding 2 MB.');
    expect(screen.queryByTestId('avatar-preview')).toBeNull();

    const me = new File([new Uint8Array([137, 80, 78, 71])], 'me.png', { type: 'image/png' });
    fireEvent.change(input, { target: { files: [me] } });
    const preview = await screen.findByTestId('avatar-preview');
    expect(within(preview).getByRole('img').getAttribute('src')).toBe('blob:preview');
    answer = () => Response.json({ url: '/images/u1/avatar.png' });
    fireEvent.click(screen.getByTestId('avatar-upload'));
    await waitFor(() => expect(screen.queryByTestId('avatar-preview')).toBeNull());
    expect(auth.setUser).toHaveBeenCalledWith({ ...auth.user, avatar: '/images/u1/avatar.png' });
    const [req] = sent;
    expect(req).toMatchObject({ method: 'POST', url: '/api/files/images/avatar' });
    const form = req!.body as FormData;
    expect((form.get('input') as File).name).toBe('me.png');
    expect(form.get('manual')).toBe('true');
  });

  it('deletes the account in three steps, sending the reason', async () => {
    open();
    fireEvent.click(tab('account'));
    fireEvent.click(screen.getByTestId('settings-delete-account'));
    const wizard = await screen.findByTestId('delete-account-dialog');
    expect(wizard.textContent).toContain('Step 1 of 3');
    fireEvent.click(within(wizard).getByTestId('delete-account-continue'));
    const next = within(wizard).getByTestId('delete-account-reason-next');
    expect(next.textContent).toBe('Skip');
    fireEvent.change(within(wizard).getByTestId('delete-account-reason'), {
      target: { value: ' Too slow ' },
    });
    expect(next.textContent).toBe('Submit');
    fireEvent.click(next);
    expect(wizard.textContent).toContain('Step 3 of 3');
    fireEvent.click(within(wizard).getByText('Back'));
    expect((within(wizard).getByTestId('delete-account-reason') as HTMLTextAreaElement).value).toBe(
      ' Too slow ',
    );
    fireEvent.click(within(wizard).getByTestId('delete-account-reason-next'));
    expect(sent).toEqual([]);
    answer = () => Response.json({ message: 'User deleted' });
    fireEvent.click(within(wizard).getByTestId('delete-account-confirm'));
    await waitFor(() => expect(auth.endDeletedAccount).toHaveBeenCalled());
    expect(sent).toEqual([{ method: 'DELETE', url: '/api/user', body: { reason: 'Too slow' } }]);
  });

  it('shows the error toast and stays when the deletion fails', async () => {
    open();
    fireEvent.click(tab('account'));
    fireEvent.click(screen.getByTestId('settings-delete-account'));
    fireEvent.click(screen.getByTestId('delete-account-continue'));
    fireEvent.click(screen.getByTestId('delete-account-reason-next'));
    answer = () => Response.json({ message: 'down', code: 'internal' }, { status: 500 });
    fireEvent.click(screen.getByTestId('delete-account-confirm'));
    await screen.findByText('There was an error deleting your account. Please try again.');
    expect(auth.endDeletedAccount).not.toHaveBeenCalled();
    expect(sent).toEqual([{ method: 'DELETE', url: '/api/user', body: {} }]);
    expect(screen.getByTestId('delete-account-dialog').textContent).toContain('Step 3 of 3');
  });

  it('edits the name and username: checked on change, saved with PUT /api/user, then a toast', async () => {
    open();
    fireEvent.click(tab('account'));
    const name = screen.getByTestId('settings-profile-name') as HTMLInputElement;
    const username = screen.getByTestId('settings-profile-username') as HTMLInputElement;
    const save = screen.getByTestId('settings-profile-save') as HTMLButtonElement;
    expect(name.value).toBe('Ann Example');
    expect(save.disabled).toBe(true); // nothing changed
    fireEvent.change(name, { target: { value: 'An' } });
    expect(screen.getByText('Name must be at least 3 characters')).toBeTruthy();
    expect(save.disabled).toBe(true);
    fireEvent.change(username, { target: { value: 'x'.repeat(21) } });
    expect(screen.getByText('Username must be less than 20 characters')).toBeTruthy();
    fireEvent.change(name, { target: { value: 'Ann Other ' } });
    fireEvent.change(username, { target: { value: 'ann' } });
    expect(screen.queryByText('Name must be at least 3 characters')).toBeNull();
    expect(save.disabled).toBe(false);
    const saved = { ...auth.user, name: 'Ann Other', username: 'ann' };
    answer = () => Response.json(saved);
    fireEvent.click(save);
    await screen.findByText('Your profile was saved.');
    expect(sent).toEqual([{ method: 'PUT', url: '/api/user', body: { name: 'Ann Other', username: 'ann' } }]);
    expect(auth.setUser).toHaveBeenCalledWith(saved);
  });

  it("shows the server's field error inline when it refuses a save", async () => {
    open();
    fireEvent.click(tab('account'));
    fireEvent.change(screen.getByTestId('settings-profile-name'), { target: { value: 'Ann Changed' } });
    answer = () =>
      Response.json(
        {
          message: 'Invalid input',
          code: 'validation_error',
          issues: [{ path: 'name', message: 'Name is required', key: 'com_auth_name_required' }],
        },
        { status: 400 },
      );
    fireEvent.click(screen.getByTestId('settings-profile-save'));
    await screen.findByText('Name is required');
    expect(auth.setUser).not.toHaveBeenCalled();
  });

  it('signs out everywhere only on the second click', async () => {
    open();
    fireEvent.click(tab('account'));
    const button = screen.getByTestId('settings-logout-everywhere');
    expect(button.textContent).toBe('Sign out');
    fireEvent.click(button);
    expect(button.textContent).toBe('Confirm sign out');
    expect(auth.logoutEverywhere).not.toHaveBeenCalled();
    fireEvent.click(button);
    await waitFor(() => expect(auth.logoutEverywhere).toHaveBeenCalledTimes(1));
  });
});
