import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { IMPORT_JOB_LIMITS, type ImportJob, type ImportReport } from '@chat/contract';
import { changeLanguage } from '../../app/i18n';
import ImportConversations from './ImportConversations';

/**
 * The import panel: the upload answers a job id at once, then the panel polls the job's status
 * (every IMPORT_JOB_LIMITS.pollIntervalMs, on a fake clock) for its progress bar, and shows the
 * report when the job ends. The upload is a stand-in XMLHttpRequest (the browser's, answering
 * 201); the status route is fetch.
 */
const REPORT: ImportReport = {
  format: 'chatgpt',
  imported: 2,
  updated: 0,
  skipped: 1,
  messages: 8,
  addedMessages: 0,
  skippedParts: {},
  truncatedMessages: 0,
  skippedByReason: { no_messages: 1 },
  items: [
    { index: 0, title: 'One', status: 'imported', conversationId: 'c1', messages: 4 },
    { index: 1, title: 'Tool only', status: 'skipped', reason: 'no_messages' },
    { index: 2, title: 'Two', status: 'imported', conversationId: 'c2', messages: 4 },
  ],
  itemsTruncated: false,
};

const job = (over: Partial<ImportJob>): ImportJob => ({
  id: '5d1c6a3e-0000-4000-8000-000000000001',
  status: 'running',
  progress: { done: 0, total: 1000 },
  imported: 0,
  skipped: 0,
  report: null,
  error: null,
  createdAt: '2026-12-05T10:00:00.000Z',
  ...over,
});

let uploadAnswer: { status: number; body: unknown };
class FakeXhr {
  status = 0;
  responseText = '';
  upload: { onprogress: ((e: { loaded: number; total: number; lengthComputable: boolean }) => void) | null } =
    {
      onprogress: null,
    };
  onload: (() => void) | null = null;
  onerror: (() => void) | null = null;
  onabort: (() => void) | null = null;
  open(method: string, url: string) {
    sentTo.push(`${method} ${url}`);
  }
  setRequestHeader() {}
  getResponseHeader(name: string) {
    return name.toLowerCase() === 'content-type' ? 'application/json; charset=utf-8' : null;
  }
  abort() {}
  send() {
    queueMicrotask(() => {
      this.upload.onprogress?.({ loaded: 1000, total: 1000, lengthComputable: true });
      this.status = uploadAnswer.status;
      this.responseText = JSON.stringify(uploadAnswer.body);
      this.onload?.();
    });
  }
}

let sentTo: string[] = [];
let statuses: ImportJob[] = [];
beforeEach(() => {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
  sentTo = [];
  uploadAnswer = { status: 201, body: { message: 'Import started', jobId: job({}).id } };
  vi.stubGlobal('XMLHttpRequest', FakeXhr);
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) => {
      sentTo.push(`GET ${url}`);
      const next = statuses.length > 1 ? statuses.shift()! : statuses[0]!;
      return new Response(JSON.stringify(next), { headers: { 'content-type': 'application/json' } });
    }),
  );
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

function renderPanel() {
  const qc = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={qc}>
      <ImportConversations />
    </QueryClientProvider>,
  );
}

async function choose() {
  const input = screen.getByTestId('import-file') as HTMLInputElement;
  const file = new File(['[]'], 'conversations.json', { type: 'application/json' });
  await act(async () => {
    fireEvent.change(input, { target: { files: [file] } });
  });
}

/** One poll interval on the fake clock, and the poll it starts. */
async function nextPoll() {
  await act(async () => {
    await vi.advanceTimersByTimeAsync(IMPORT_JOB_LIMITS.pollIntervalMs);
  });
}

describe('import panel', () => {
  it('polls the job for its progress bar, then shows its report', async () => {
    statuses = [
      job({ status: 'scheduled' }),
      job({ progress: { done: 400, total: 1000 }, imported: 1 }),
      job({
        status: 'completed',
        progress: { done: 1000, total: 1000 },
        imported: 2,
        skipped: 1,
        report: REPORT,
      }),
    ];
    renderPanel();
    await choose();
    await act(async () => {
      await vi.advanceTimersByTimeAsync(0);
    });
    expect(sentTo).toEqual(['POST /api/convos/import', `GET /api/convos/import/jobs/${job({}).id}`]);
    expect(screen.getByTestId('import-progress').parentElement!.textContent).toContain(
      'Waiting for the import to start',
    );

    await nextPoll();
    const bar = screen.getByTestId('import-progress');
    expect(bar.getAttribute('aria-valuenow')).toBe('40');
    expect(bar.parentElement!.textContent).toContain('1 imported, 0 skipped');

    await nextPoll();
    expect(screen.queryByTestId('import-progress')).toBeNull();
    expect(screen.getByTestId('import-report').textContent).toContain(
      'Imported 2 conversations (8 messages); skipped 1.',
    );
    expect(screen.getByTestId('import-skipped').textContent).toContain('Tool only: no messages');
    // Polling stopped with the job.
    await nextPoll();
    expect(sentTo.filter((s) => s.startsWith('GET'))).toHaveLength(3);
  });

  it("shows a refused upload's reason, and a failed job's report", async () => {
    uploadAnswer = {
      status: 413,
      body: {
        code: 'payload_too_large',
        message: 'The file is larger than 100 MB, the most one import may hold',
      },
    };
    renderPanel();
    await choose();
    expect(screen.getByTestId('import-error').textContent).toContain('larger than 100 MB');

    uploadAnswer = { status: 201, body: { message: 'Import started', jobId: job({}).id } };
    statuses = [
      job({
        status: 'failed',
        error: { code: 'validation_error', message: 'The file is not valid JSON: cut short' },
        report: {
          ...REPORT,
          imported: 1,
          messages: 4,
          skipped: 0,
          skippedByReason: {},
          items: [REPORT.items[0]!],
        },
      }),
    ];
    await choose();
    await act(async () => {
      await vi.advanceTimersByTimeAsync(0);
    });
    expect(screen.getByTestId('import-error').textContent).toContain('not valid JSON');
    expect(screen.getByTestId('import-report').textContent).toContain('Imported 1 conversation (4 messages)');
  });

  it('says what a re-import added, when nothing was new, and which parts were left out', async () => {
    const again: ImportReport = {
      ...REPORT,
      imported: 0,
      updated: 1,
      messages: 0,
      addedMessages: 3,
      skipped: 1,
      skippedByReason: { already_imported: 1 },
      skippedParts: { hidden: 2, unsupported_content: 1 },
      items: [
        { index: 0, title: 'One', status: 'updated', conversationId: 'c1', messages: 3 },
        { index: 1, title: 'Two', status: 'skipped', reason: 'already_imported' },
      ],
    };
    statuses = [job({ status: 'completed', report: again })];
    renderPanel();
    await choose();
    await act(async () => {
      await vi.advanceTimersByTimeAsync(0);
    });
    expect(screen.getByTestId('import-updated').textContent).toBe(
      'Added 3 messages to 1 conversation imported before.',
    );
    // One conversation gained messages: not "nothing new".
    expect(screen.queryByTestId('import-nothing-new')).toBeNull();
    expect(screen.getAllByTestId('import-parts-skipped').map((p) => p.textContent)).toEqual([
      '2 parts of messages were left out: hidden in the source (custom instructions, memory, system prompts).',
      '1 part of a message was left out: a kind of content that cannot be shown here.',
    ]);
    expect(screen.getByTestId('import-skipped').textContent).toContain('Two: already imported');

    cleanup();
    const same: ImportReport = {
      ...again,
      updated: 0,
      addedMessages: 0,
      skipped: 2,
      skippedByReason: { already_imported: 2 },
      skippedParts: {},
      items: [
        { index: 0, title: 'One', status: 'skipped', reason: 'already_imported' },
        { index: 1, title: 'Two', status: 'skipped', reason: 'already_imported' },
      ],
    };
    statuses = [job({ status: 'completed', report: same })];
    renderPanel();
    await choose();
    await act(async () => {
      await vi.advanceTimersByTimeAsync(0);
    });
    expect(screen.getByTestId('import-nothing-new').textContent).toBe(
      'Nothing new: every conversation in the file was imported before.',
    );
    expect(screen.queryByTestId('import-updated')).toBeNull();
    expect(screen.queryByTestId('import-parts-skipped')).toBeNull();
    try {
      await act(() => changeLanguage('de-DE'));
      expect(screen.getByTestId('import-nothing-new').textContent).toBe(
        'Nichts Neues: Alle Unterhaltungen der Datei wurden bereits importiert.',
      );
    } finally {
      await act(() => changeLanguage('en-US'));
    }
  });

  it('says each count in its own plural form, in the person’s language', async () => {
    const oneOfOne: ImportReport = {
      ...REPORT,
      imported: 1,
      messages: 1,
      skipped: 0,
      skippedByReason: {},
      items: [{ index: 0, title: 'One', status: 'imported', conversationId: 'c1', messages: 1 }],
    };
    statuses = [job({ status: 'completed', imported: 1, report: oneOfOne })];
    renderPanel();
    await choose();
    await act(async () => {
      await vi.advanceTimersByTimeAsync(0);
    });
    const report = () => screen.getByTestId('import-report').textContent;
    expect(report()).toContain('Imported 1 conversation (1 message); skipped 0.');

    try {
      await act(() => changeLanguage('ru-RU'));
      expect(report()).toContain('Импортирован 1 разговор (1 сообщение), пропущено: 0.');
      await act(() => changeLanguage('de-DE'));
      expect(report()).toContain('1 Unterhaltung importiert (1 Nachricht); 0 übersprungen.');
    } finally {
      await act(() => changeLanguage('en-US'));
    }
  });
});
