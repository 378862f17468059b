import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen, within } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { API_ROUTE_PATHS, type RoutePath, type SharedSnapshot } from '@chat/contract';
import '../../app/i18n';
import { callApi } from '../../api/call';
import { ApiError } from '../../api/http';
import type { useAuth } from '../auth';
import SharedPage from './SharedPage';

let status: ReturnType<typeof useAuth>['status'] = 'authenticated';
vi.mock('../auth/auth-context', () => ({
  useAuth: () => ({ status, loginPath: '/login', mayReturn: true }),
}));
vi.mock('../../api/call', () => ({ callApi: vi.fn() }));
const mockedCall = vi.mocked(callApi);

const SHARE_ID = 'AbCdEfGhIjKlMnOpQrStUv';
const SNAPSHOT: SharedSnapshot = {
  shareId: SHARE_ID,
  title: 'Cats & dogs',
  createdAt: '2026-12-01T10:00:00.000Z',
  updatedAt: '2026-12-01T10:00:00.000Z',
  messages: [
    {
      sender: 'Alice',
      text: 'Which is better?\nBe honest.',
      isCreatedByUser: true,
      error: false,
      createdAt: '2026-12-01T10:00:00.000Z',
    },
    {
      sender: 'OpenAI',
      text: 'Both are **great**.',
      isCreatedByUser: false,
      error: false,
      createdAt: '2026-12-01T10:00:01.000Z',
    },
  ],
};

/** How long the chat's Markdown chunk may take to load in a cold test worker. */
const CHUNK_WAIT = { timeout: 30_000 };

/** The sign-in page as the test sees it: where it would send the person back to. */
function LoginProbe() {
  const { search } = useLocation();
  return <p>login page {new URLSearchParams(search).get('redirect_to')}</p>;
}

function renderAt(path: string) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={[path]}>
        <Routes>
          <Route path="/share/:shareId" element={<SharedPage />} />
          <Route path="/login" element={<LoginProbe />} />
        </Routes>
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

beforeEach(() => {
  status = 'authenticated';
});

afterEach(() => {
  cleanup();
  mockedCall.mockReset();
});

describe('SharedPage', () => {
  it('shows a spinner while the snapshot loads', () => {
    mockedCall.mockReturnValue(new Promise(() => {}));
    renderAt(`/share/${SHARE_ID}`);
    expect(screen.getByRole('status')).toBeTruthy();
    expect(screen.queryByTestId('shared-page')).toBeNull();
  });

  it('reads the link through the API and shows its title and messages, each with its sender', async () => {
    mockedCall.mockImplementation(async (route: RoutePath, input: unknown) => {
      if (route !== API_ROUTE_PATHS.sharedSnapshot) throw new Error(`unexpected ${route.path}`);
      expect((input as { params: { shareId: string } }).params.shareId).toBe(SHARE_ID);
      return SNAPSHOT;
    });
    renderAt(`/share/${SHARE_ID}`);
    const page = await screen.findByTestId('shared-page');
    expect(within(page).getByRole('heading', { level: 1 }).textContent).toBe('Cats & dogs');
    const messages = screen.getAllByTestId('shared-message');
    expect(messages).toHaveLength(2);
    // The person's own message is signed "User", as on the server's page; line breaks are kept.
    expect(messages[0]!.querySelector('p')!.textContent).toBe('User');
    const own = within(messages[0]!).getByText(/Which is better\?/);
    expect(own.textContent).toBe('Which is better?\nBe honest.');
    expect(own.className).toContain('whitespace-pre-wrap');
    expect(messages[1]!.querySelector('p')!.textContent).toBe('OpenAI');
    // The reply through the chat's Markdown, whose chunk (parser, highlighter) arrives later: on a
    // busy machine a cold test worker takes seconds to load it.
    expect((await within(messages[1]!).findByText('great', {}, CHUNK_WAIT)).tagName).toBe('STRONG');
  }, 45_000);

  it("renders replies with the chat's Markdown: code, tables, safe links, raw HTML as text; the person's words stay plain", async () => {
    const reply = [
      '# Answer',
      '',
      '```js',
      'const x = 1;',
      '```',
      '',
      '| a | b |',
      '| - | - |',
      '| 1 | 2 |',
      '',
      '[docs](https://example.com/docs) [bad](javascript:alert(1)) <script>alert(2)</script> <img src=x onerror=alert(3)>',
    ].join('\n');
    mockedCall.mockResolvedValue({
      ...SNAPSHOT,
      messages: [
        { ...SNAPSHOT.messages[0]!, text: 'Is **this** bold? <b>no</b>' },
        { ...SNAPSHOT.messages[1]!, text: reply },
      ],
    } satisfies SharedSnapshot);
    renderAt(`/share/${SHARE_ID}`);
    await screen.findByTestId('shared-page');
    const [own, answer] = screen.getAllByTestId('shared-message');
    // The person's message: as written, nothing rendered.
    expect(within(own!).getByText('Is **this** bold? <b>no</b>')).toBeTruthy();
    expect(own!.querySelector('strong, b')).toBeNull();

    const md = within(answer!).getByTestId('shared-message-markdown');
    await within(md).findByRole('heading', { level: 1, name: 'Answer' }, CHUNK_WAIT);
    expect(md.querySelector('pre code')?.textContent).toContain('const x = 1;');
    expect(within(md).getByTestId('copy-code')).toBeTruthy();
    expect(within(md).getByRole('table')).toBeTruthy();
    expect(
      within(md)
        .getAllByRole('cell')
        .map((c) => c.textContent),
    ).toEqual(['1', '2']);
    const docs = within(md).getByRole('link', { name: 'docs' });
    expect(docs.getAttribute('href')).toBe('https://example.com/docs');
    expect(docs.getAttribute('target')).toBe('_blank');
    expect(docs.getAttribute('rel')).toBe('noopener noreferrer nofollow');
    for (const a of md.querySelectorAll('a')) {
      expect(a.getAttribute('href') ?? '').not.toMatch(/^\s*javascript:/i);
    }
    // Raw HTML is text, never elements.
    expect(md.querySelector('script, img, [onerror]')).toBeNull();
    expect(md.textContent).toContain('<script>alert(2)</script>');
  }, 45_000);

  it('says the link is not found when the server answers 404', async () => {
    mockedCall.mockRejectedValue(new ApiError(404, 'not_found', 'Shared link not found'));
    renderAt(`/share/${SHARE_ID}`);
    expect((await screen.findByTestId('shared-page-error')).textContent).toBe('Shared link not found');
  });

  it('sends a signed-out reader to sign in without asking for the snapshot', async () => {
    status = 'unauthenticated';
    renderAt(`/share/${SHARE_ID}`);
    // Back to the link after signing in.
    expect(await screen.findByText(`login page /share/${SHARE_ID}`)).toBeTruthy();
    expect(mockedCall).not.toHaveBeenCalled();
  });
});
