import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { Suspense } from 'react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { FAQ_QUESTION_COUNT, type StartupConfig } from '@chat/contract';
import './i18n';
import { setSession } from '../api/http';
import { ThemeProvider } from '../state/theme';
import { AuthProvider } from '../features/auth/AuthProvider';
import { HomeRoute } from './routes/HomeRoute';
import FaqPage from '../features/site/FaqPage';
import { testUser } from '../test-support/user';
import { clearSessionHint, setSessionHint } from '../test-support/session-hint';

/** The public site: landing, marketing header, FAQ accordion, / for a signed-in person. */
const user = testUser({ name: 'Ann Example' });

let config: Partial<StartupConfig>;
let signedIn: boolean;
beforeEach(() => {
  config = { appTitle: 'OmniChat', affiliateScriptUrl: null, affiliateReferUrl: null, freeTierEnabled: true };
  signedIn = false;
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) => {
      if (url === '/api/config') return Response.json(config);
      if (url === '/api/auth/refresh') {
        return signedIn ? Response.json({ token: 'access-1', user }) : new Response(null, { status: 204 });
      }
      return Response.json({ message: 'nope', code: 'not_found' }, { status: 404 });
    }),
  );
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  setSession(null);
  clearSessionHint();
  document.getElementById('affiliate-script')?.remove();
  localStorage.clear();
});

function Where() {
  const where = useLocation();
  return <output data-testid="where">{`${where.pathname} ${JSON.stringify(where.state)}`}</output>;
}

function site(path: string) {
  // The browser of a signed-in person holds the session hint; a visitor's does not.
  if (signedIn) setSessionHint();
  else clearSessionHint();
  return render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <ThemeProvider>
        <MemoryRouter initialEntries={[path]}>
          <AuthProvider>
            <Suspense fallback={null}>
              <Routes>
                <Route path="/" element={<HomeRoute />} />
                <Route path="/faq" element={<FaqPage />} />
                <Route path="*" element={<Where />} />
              </Routes>
            </Suspense>
          </AuthProvider>
        </MemoryRouter>
      </ThemeProvider>
    </QueryClientProvider>,
  );
}

describe('landing page', () => {
  it('shows the title, badge, tagline, Login and Try Now to a visitor, with the body class', async () => {
    site('/');
    const landing = await screen.findByTestId('landing');
    expect(await within(landing).findByRole('heading', { level: 1, name: 'OmniChat' })).toBeTruthy();
    expect(within(landing).getByText('Early Access')).toBeTruthy();
    expect(within(landing).getByText(/several AI providers in one place/)).toBeTruthy();
    expect(screen.getByTestId('landing-login').getAttribute('href')).toBe('/login');
    expect(document.body.classList.contains('landing-page')).toBe(true);
    expect(document.querySelector('meta[name="description"]')?.getAttribute('content')).toMatch(
      /AI providers/,
    );
    // No third-party script without AFFILIATE_SCRIPT_URL, no Refer a Friend without its page.
    expect(document.getElementById('affiliate-script')).toBeNull();
    expect(screen.queryByTestId('refer-friend')).toBeNull();
    cleanup();
    expect(document.body.classList.contains('landing-page')).toBe(false);
  });

  it('Try Now goes to /login carrying the free-tier flag in route state', async () => {
    site('/');
    fireEvent.click(await screen.findByTestId('landing-try'));
    expect(screen.getByTestId('where').textContent).toBe('/login {"freeTier":true}');
  });

  it('offers no Try Now where the free tier is off (it could only be refused)', async () => {
    config = { ...config, freeTierEnabled: false };
    site('/');
    await screen.findByRole('heading', { level: 1, name: 'OmniChat' });
    expect(screen.getByTestId('landing-login')).toBeTruthy();
    expect(screen.queryByTestId('landing-try')).toBeNull();
    expect(screen.queryByTestId('header-try')).toBeNull();
  });

  it('has a menu to the blog and the FAQ that opens on hover and on click', async () => {
    site('/');
    const more = await screen.findByTestId('landing-more');
    const menu = document.getElementById(more.getAttribute('aria-controls')!)!;
    expect(menu.hidden).toBe(true);
    fireEvent.mouseEnter(more.parentElement!);
    expect(more.getAttribute('aria-expanded')).toBe('true');
    expect(menu.hidden).toBe(false);
    const links = within(menu).getAllByRole('link');
    expect(links.map((a) => a.getAttribute('href'))).toEqual(['/blog', '/faq']);
    fireEvent.mouseLeave(more.parentElement!);
    expect(menu.hidden).toBe(true);
    fireEvent.click(more);
    expect(menu.hidden).toBe(false);
  });

  it('has the marketing header: logo, theme toggle, BLOG, FAQ, LOGIN, Try', async () => {
    site('/');
    await screen.findByRole('heading', { level: 1, name: 'OmniChat' });
    const nav = screen.getByRole('navigation', { name: 'Main' });
    const hrefs = within(nav)
      .getAllByRole('link')
      .map((a) => `${a.textContent} ${a.getAttribute('href')}`);
    expect(hrefs).toEqual(['BLOG /blog', 'FAQ /faq', 'LOGIN /login', 'Try /login?free_tier=1']);
    // The logo's link is named by the title it shows.
    expect(screen.getByRole('link', { name: 'OmniChat' }).getAttribute('href')).toBe('/');
    const toggle = screen.getByTestId('theme-toggle');
    const wasDark = document.documentElement.classList.contains('dark');
    fireEvent.click(toggle);
    expect(document.documentElement.classList.contains('dark')).toBe(!wasDark);
    expect(screen.getByRole('contentinfo').textContent).toContain(`© ${new Date().getFullYear()} OmniChat`);
  });

  it('loads the affiliate script and shows Refer a Friend only when configured', async () => {
    config = {
      ...config,
      affiliateScriptUrl: 'https://track.example/t.js',
      affiliateReferUrl: 'https://refer.example/r',
    };
    site('/');
    const refer = await screen.findByTestId('refer-friend');
    expect(refer.getAttribute('href')).toBe('https://refer.example/r');
    expect(refer.getAttribute('rel')).toBe('noopener noreferrer');
    await waitFor(() =>
      expect(document.getElementById('affiliate-script')?.getAttribute('src')).toBe(
        'https://track.example/t.js',
      ),
    );
  });

  it('sends a signed-in person to /c/new', async () => {
    signedIn = true;
    site('/');
    await waitFor(() => expect(screen.getByTestId('where').textContent).toBe('/c/new null'));
    expect(screen.queryByTestId('landing')).toBeNull();
  });
});

describe('marketing header and footer in the app', () => {
  it('offers the chat instead of Login and Try to someone signed in; the footer links the social pages and the FAQ the address', async () => {
    config = {
      ...config,
      contactEmail: 'help@example.com',
      socialLinks: [{ name: 'X', url: 'https://x.com/omni' }],
    };
    signedIn = true;
    site('/faq');
    const open = await screen.findByTestId('header-open-chat');
    expect(open.getAttribute('href')).toBe('/c/new');
    expect(screen.queryByTestId('header-try')).toBeNull();
    expect(screen.queryByRole('link', { name: 'LOGIN' })).toBeNull();
    await waitFor(() =>
      expect(screen.getByTestId('social-link').getAttribute('href')).toBe('https://x.com/omni'),
    );
    expect(screen.getByTestId('social-link').getAttribute('rel')).toBe('noopener noreferrer');
    const contact = within(screen.getByTestId('faq-contact')).getByRole('link');
    expect(contact.getAttribute('href')).toBe('mailto:help@example.com');
  });

  it('shows Login and Try to a visitor', async () => {
    site('/faq');
    expect(await screen.findByTestId('header-try')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'LOGIN' }).getAttribute('href')).toBe('/login');
    expect(screen.queryByTestId('header-open-chat')).toBeNull();
  });
});

describe('FAQ accordion', () => {
  async function headers() {
    site('/faq');
    await screen.findByText('What is OmniChat?');
    return screen.getAllByRole('button', { expanded: false }).filter((b) => b.hasAttribute('aria-controls'));
  }

  it('lists the fifteen questions, all closed, each controlling its labelled region', async () => {
    const buttons = await headers();
    expect(buttons).toHaveLength(FAQ_QUESTION_COUNT);
    expect(buttons[0]!.textContent).toBe('What is OmniChat?');
    for (const b of buttons) {
      const panel = document.getElementById(b.getAttribute('aria-controls')!)!;
      expect(panel.getAttribute('role')).toBe('region');
      expect(panel.getAttribute('aria-labelledby')).toBe(b.id);
      expect(panel.hidden).toBe(true);
      expect(b.closest('h2')).toBeTruthy();
    }
    // The title follows the startup config, in an effect.
    await waitFor(() => expect(document.title).toBe('FAQ · OmniChat'));
  });

  it('opens and closes a panel; several may be open', async () => {
    const [first, second] = await headers();
    const panel = document.getElementById(first!.getAttribute('aria-controls')!)!;
    fireEvent.click(first!);
    expect(first!.getAttribute('aria-expanded')).toBe('true');
    expect(panel.hidden).toBe(false);
    fireEvent.click(second!);
    expect(first!.getAttribute('aria-expanded')).toBe('true');
    expect(second!.getAttribute('aria-expanded')).toBe('true');
    fireEvent.click(first!);
    expect(first!.getAttribute('aria-expanded')).toBe('false');
    expect(panel.hidden).toBe(true);
  });

  it('moves focus between headers with the arrow keys, Home and End', async () => {
    const buttons = await headers();
    const last = buttons.length - 1;
    act(() => buttons[0]!.focus());
    fireEvent.keyDown(buttons[0]!, { key: 'ArrowDown' });
    expect(document.activeElement).toBe(buttons[1]);
    fireEvent.keyDown(buttons[1]!, { key: 'End' });
    expect(document.activeElement).toBe(buttons[last]);
    fireEvent.keyDown(buttons[last]!, { key: 'ArrowDown' });
    expect(document.activeElement).toBe(buttons[0]);
    fireEvent.keyDown(buttons[0]!, { key: 'ArrowUp' });
    expect(document.activeElement).toBe(buttons[last]);
    fireEvent.keyDown(buttons[last]!, { key: 'Home' });
    expect(document.activeElement).toBe(buttons[0]);
  });

  it('turns the answers’ markdown links into links', async () => {
    const buttons = await headers();
    fireEvent.click(buttons[6]!);
    const panel = document.getElementById(buttons[6]!.getAttribute('aria-controls')!)!;
    expect(within(panel).getByRole('link', { name: 'Forgot password?' }).getAttribute('href')).toBe(
      '/forgot-password',
    );
    expect(panel.textContent).not.toContain('](');
  });
});
