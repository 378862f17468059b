import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { ErrorRecord } from '@chat/contract';
import '../../app/i18n';
import { ErrorLogSection } from './index';

/** The admin panel's error log. */
const record = (i: number, over: Partial<ErrorRecord> = {}): ErrorRecord => ({
  errorId: `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`,
  errorCode: 'upstream_error',
  errorMessage: `Failure number ${i}`,
  errorType: 'provider',
  errorStack: null,
  userEmail: `user${i}@example.com`,
  model: 'gpt-4o-mini',
  endpoint: 'openAI',
  conversationId: `conv-${i}`,
  messageId: `msg-${i}`,
  text: `Question ${i}`,
  route: null,
  createdAt: '2026-03-01T10:00:00.000Z',
  updatedAt: '2026-03-01T10:00:00.000Z',
  ...over,
});

const ALL = Array.from({ length: 45 }, (_, i) => record(i));
/** The newest records of any code (getRecentErrors). */
const RECENT = [
  record(100, { errorCode: 'upstream_rate_limited', errorMessage: 'Slow down' }),
  record(101, { errorCode: 'internal', errorMessage: 'Database unavailable' }),
];
type Answer = (url: URL) => Response | Promise<Response>;
let recentAnswer: Answer;
let listAnswer: Answer;
let detailAnswer: Answer;
const calls: string[] = [];

beforeEach(() => {
  calls.length = 0;
  recentAnswer = () => Response.json({ errors: RECENT, total: RECENT.length });
  listAnswer = (url) => {
    const skip = Number(url.searchParams.get('skip'));
    const limit = Number(url.searchParams.get('limit'));
    return Response.json({ errors: ALL.slice(skip, skip + limit), total: ALL.length });
  };
  detailAnswer = (url) => {
    const id = url.pathname.split('/').pop();
    const found = ALL.find((r) => r.errorId === id);
    return found
      ? Response.json(found)
      : Response.json({ message: 'No logged error', code: 'not_found' }, { status: 404 });
  };
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string) => {
      calls.push(input);
      const url = new URL(input, 'http://localhost');
      if (url.pathname === '/api/admin/getRecentErrors') return recentAnswer(url);
      if (url.pathname.startsWith('/api/admin/getErrorsByCode/')) return listAnswer(url);
      if (url.pathname.startsWith('/api/admin/getErrorById/')) return detailAnswer(url);
      return Response.json({ message: 'No', code: 'unauthorized' }, { status: 401 });
    }),
  );
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

function renderSection() {
  return render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <ErrorLogSection />
    </QueryClientProvider>,
  );
}

function searchFor(code: string) {
  fireEvent.change(screen.getByLabelText('Error code'), { target: { value: code } });
  fireEvent.click(screen.getByRole('button', { name: 'Search' }));
}

describe('ErrorLogSection', () => {
  it('needs a code: an empty one is only a console notice, no request', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    renderSection();
    searchFor('   ');
    expect(warn).toHaveBeenCalledOnce();
    expect(calls.filter((c) => c.includes('getErrorsByCode'))).toEqual([]);
    expect(screen.getByTestId('error-log-heading').textContent).toBe('Recent errors');
  });

  it('lists the recent errors before a search; the example and a row’s code lead to codes that exist', async () => {
    renderSection();
    const rows = await screen.findAllByTestId('error-log-row');
    expect(rows).toHaveLength(2);
    expect(calls).toContain('/api/admin/getRecentErrors?limit=20&skip=0');
    expect(screen.getByTestId('error-log-heading').textContent).toBe('Recent errors');
    expect(screen.getByLabelText('Error code').getAttribute('placeholder')).toBe(
      'e.g. upstream_rate_limited',
    );

    listAnswer = () => Response.json({ errors: [RECENT[1]], total: 1 });
    fireEvent.click(screen.getByRole('button', { name: 'Show the errors with code internal' }));
    await waitFor(() => expect(calls).toContain('/api/admin/getErrorsByCode/internal?limit=20&skip=0'));
    expect(screen.getByTestId('error-log-heading').textContent).toBe('internal');
    expect((screen.getByLabelText('Error code') as HTMLInputElement).value).toBe('internal');
    await waitFor(() => expect(screen.getAllByTestId('error-log-row')).toHaveLength(1));
    // The example stays the newest code while a search shows.
    expect(screen.getByLabelText('Error code').getAttribute('placeholder')).toBe(
      'e.g. upstream_rate_limited',
    );

    fireEvent.click(screen.getByTestId('error-log-recent'));
    expect(screen.getByTestId('error-log-heading').textContent).toBe('Recent errors');
    await waitFor(() => expect(screen.getAllByTestId('error-log-row')).toHaveLength(2));
  });

  it('says when nothing is logged yet, in the list and in the field', async () => {
    recentAnswer = () => Response.json({ errors: [], total: 0 });
    renderSection();
    expect((await screen.findByTestId('error-log-empty')).textContent).toBe('No errors logged yet.');
    expect(screen.getByLabelText('Error code').getAttribute('placeholder')).toBe('No errors logged yet.');
  });

  it('pages by 20 with Previous / Next and "x–y of total"', async () => {
    renderSection();
    searchFor(' upstream_error ');
    await waitFor(() => expect(screen.getAllByTestId('error-log-row')).toHaveLength(20));
    expect(calls).toContain('/api/admin/getErrorsByCode/upstream_error?limit=20&skip=0');
    expect(screen.getByTestId('error-log-range').textContent).toContain('1–20 of 45');
    const previous = screen.getByRole('button', { name: 'Previous' });
    const next = screen.getByRole('button', { name: 'Next' });
    expect((previous as HTMLButtonElement).disabled).toBe(true);

    fireEvent.click(next);
    await waitFor(() => expect(screen.getByTestId('error-log-range').textContent).toContain('21–40 of 45'));
    expect(screen.getAllByTestId('error-log-row')[0]!.textContent).toContain('Failure number 20');
    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    await waitFor(() => expect(screen.getByTestId('error-log-range').textContent).toContain('41–45 of 45'));
    expect(screen.getAllByTestId('error-log-row')).toHaveLength(5);
    expect((screen.getByRole('button', { name: 'Next' }) as HTMLButtonElement).disabled).toBe(true);
    expect(calls).toContain('/api/admin/getErrorsByCode/upstream_error?limit=20&skip=40');

    fireEvent.click(screen.getByRole('button', { name: 'Previous' }));
    await waitFor(() => expect(screen.getByTestId('error-log-range').textContent).toContain('21–40 of 45'));
  });

  it('says when a code has no errors', async () => {
    listAnswer = () => Response.json({ errors: [], total: 0 });
    renderSection();
    searchFor('nothing_here');
    expect(await screen.findByTestId('error-log-empty')).toBeTruthy();
  });

  it('shows a row’s details by id, every field and the stack in a <pre>', async () => {
    ALL[3] = record(3, { errorStack: 'TypeError: boom\n    at run (file.ts:1:1)', route: 'GET /api/x' });
    renderSection();
    searchFor('upstream_error');
    const rows = await screen.findAllByTestId('error-log-row');
    fireEvent.click(rows[3]!);
    const details = await screen.findByTestId('error-details');
    for (const value of [
      ALL[3]!.errorId,
      'Failure number 3',
      'provider',
      'user3@example.com',
      'conv-3',
      'msg-3',
      'Question 3',
      'GET /api/x',
    ]) {
      expect(within(details).getByText(value)).toBeTruthy();
    }
    const stack = within(details).getByTestId('error-stack');
    expect(stack.tagName).toBe('PRE');
    expect(stack.textContent).toBe('TypeError: boom\n    at run (file.ts:1:1)');
    expect(calls).toContain(`/api/admin/getErrorById/${ALL[3]!.errorId}`);
    fireEvent.click(within(details).getByRole('button', { name: 'Close' }));
    expect(screen.queryByTestId('error-details')).toBeNull();
  });

  it('alerts "Error: " and the server’s error for a non-OK details answer', async () => {
    detailAnswer = () =>
      Response.json({ message: 'Only the operator may do this', code: 'forbidden' }, { status: 403 });
    renderSection();
    searchFor('upstream_error');
    fireEvent.click((await screen.findAllByTestId('error-log-row'))[0]!);
    expect((await screen.findByTestId('error-details-alert')).textContent).toContain(
      'Error: Only the operator may do this',
    );
  });

  it('alerts "Error: Unable to fetch error details." when the answer names no error', async () => {
    detailAnswer = () => new Response('gateway down', { status: 502 });
    renderSection();
    searchFor('upstream_error');
    fireEvent.click((await screen.findAllByTestId('error-log-row'))[0]!);
    expect((await screen.findByTestId('error-details-alert')).textContent).toContain(
      'Error: Unable to fetch error details.',
    );
  });

  it('says "Network error fetching error details" when the request fails', async () => {
    detailAnswer = () => Promise.reject(new TypeError('Failed to fetch'));
    renderSection();
    searchFor('upstream_error');
    fireEvent.click((await screen.findAllByTestId('error-log-row'))[0]!);
    expect((await screen.findByTestId('error-details-alert')).textContent).toContain(
      'Network error fetching error details',
    );
  });

  it('says "Error loading error log data:" and the message when the table fails', async () => {
    listAnswer = () =>
      Response.json({ message: 'Only the operator may do this', code: 'forbidden' }, { status: 403 });
    renderSection();
    searchFor('upstream_error');
    expect((await screen.findByTestId('error-log-table-error')).textContent).toContain(
      'Error loading error log data: Only the operator may do this',
    );
  });

  it('falls back to "Unknown error" when the table’s failure has no message', async () => {
    listAnswer = () => new Response('', { status: 500, statusText: '' });
    renderSection();
    searchFor('upstream_error');
    expect((await screen.findByTestId('error-log-table-error')).textContent).toContain(
      'Error loading error log data: Unknown error',
    );
  });
});
