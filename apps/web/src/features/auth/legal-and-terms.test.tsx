import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { InterfaceConfig } from '@chat/contract';
import '../../app/i18n';
import { LegalLinks } from '../../components/LegalLinks';
import { TermsDialog } from './TermsDialog';

const logout = vi.fn(async () => {});
let iface: InterfaceConfig = {
  endpointsMenu: true,
  modelSelect: true,
  parameters: true,
  presets: true,
};
vi.mock('../../api/config', () => ({
  useStartupConfig: () => ({ data: { appTitle: 'Chat', interface: iface } }),
}));
vi.mock('./auth-context', () => ({ useAuth: () => ({ isAuthenticated: true, logout }) }));

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  logout.mockClear();
});

const withQueries = (ui: React.ReactNode) =>
  render(<QueryClientProvider client={new QueryClient()}>{ui}</QueryClientProvider>);

describe('LegalLinks (interface.privacyPolicy, termsOfService)', () => {
  it('links the operator’s pages, a new tab only when asked, and never a non-http address', () => {
    render(
      <LegalLinks
        config={{
          ...iface,
          privacyPolicy: { externalUrl: 'https://example.com/privacy', openNewTab: true },
          termsOfService: { externalUrl: 'javascript:alert(1)' },
        }}
      />,
    );
    const links = screen.getAllByRole('link');
    expect(links.map((a) => [a.textContent, a.getAttribute('href'), a.getAttribute('target')])).toEqual([
      ['Privacy policy', 'https://example.com/privacy', '_blank'],
    ]);
    expect(links[0]!.getAttribute('rel')).toBe('noopener noreferrer');
    cleanup();
    render(<LegalLinks config={{ ...iface, termsOfService: { externalUrl: 'https://example.com/tos' } }} />);
    const tos = screen.getByRole('link', { name: 'Terms of service' });
    expect(tos.getAttribute('target')).toBeNull();
    cleanup();
    render(<LegalLinks config={iface} />);
    expect(screen.queryByTestId('legal-links')).toBeNull();
  });
});

describe('TermsDialog (interface.termsOfService.modalAcceptance)', () => {
  const terms = { modalAcceptance: true, modalTitle: 'House rules', modalContent: '# Be kind\nNo spam.' };

  function stubServer(accepted: boolean) {
    const calls: string[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string, init?: RequestInit) => {
        calls.push(`${init?.method ?? 'GET'} ${url}`);
        if (url === '/api/user/terms') return Response.json({ termsAccepted: accepted });
        if (url === '/api/user/terms/accept')
          return Response.json({ message: 'Terms accepted successfully' });
        return Response.json({ message: 'no' }, { status: 404 });
      }),
    );
    return calls;
  }

  it('asks a user who has not accepted, and records the acceptance once', async () => {
    iface = { ...iface, termsOfService: terms };
    const calls = stubServer(false);
    withQueries(<TermsDialog />);
    const dialog = await screen.findByTestId('terms-dialog');
    expect(dialog.textContent).toContain('House rules');
    expect(screen.getByTestId('terms-content').textContent).toBe('# Be kind\nNo spam.');
    // Accept or decline: no close button that would do nothing.
    expect(screen.queryByRole('button', { name: 'Close' })).toBeNull();
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'I accept' })));
    await waitFor(() => expect(screen.queryByTestId('terms-dialog')).toBeNull());
    expect(calls).toEqual(['GET /api/user/terms', 'POST /api/user/terms/accept']);
    expect(logout).not.toHaveBeenCalled();
  });

  it('signs out a user who declines', async () => {
    iface = { ...iface, termsOfService: terms };
    stubServer(false);
    withQueries(<TermsDialog />);
    await screen.findByTestId('terms-dialog');
    fireEvent.click(screen.getByRole('button', { name: 'Decline' }));
    expect(logout).toHaveBeenCalledTimes(1);
  });

  it('stays away for a user who accepted, and asks nothing without modalAcceptance', async () => {
    iface = { ...iface, termsOfService: terms };
    const calls = stubServer(true);
    withQueries(<TermsDialog />);
    await waitFor(() => expect(calls).toEqual(['GET /api/user/terms']));
    expect(screen.queryByTestId('terms-dialog')).toBeNull();
    cleanup();
    iface = { ...iface, termsOfService: { ...terms, modalAcceptance: false } };
    const none = stubServer(false);
    withQueries(<TermsDialog />);
    await new Promise((r) => setTimeout(r, 0));
    expect(none).toEqual([]);
    expect(screen.queryByTestId('terms-dialog')).toBeNull();
  });
});
