import { afterEach, describe, expect, it } from 'vitest';
import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { useMemo, useState, useSyncExternalStore } from 'react';
import { artifactsOf, type ArtifactMode, type Message } from '@chat/contract';
import '../../app/i18n';
import { queryKeys } from '../../api/keys';
import { ArtifactCard } from './ArtifactCard';
import { ArtifactPanel } from './ArtifactPanel';
import { ArtifactsContext, type ArtifactsShare } from './context';
import { createArtifactsStore, type ArtifactsStore } from './store';

const reply = (messageId: string, text: string): Message =>
  ({
    messageId,
    conversationId: 'c1',
    parentMessageId: '00000000-0000-0000-0000-000000000000',
    text,
    sender: 'AI',
    isCreatedByUser: false,
  }) as Message;

const svg = (title: string, body: string) =>
  `:::artifact{identifier="logo" type="image/svg+xml" title="${title}"}\n\`\`\`svg\n${body}\n\`\`\`\n:::`;

/** The panel and a reply's cards, sharing a store as the chat screen's scope does. */
function Screen({ store, texts }: { store: ArtifactsStore; texts: [string, string][] }) {
  const [mode, setMode] = useState<ArtifactMode | ''>('');
  const share = useMemo<ArtifactsShare>(
    () => ({ store, routeId: 'c1', mode, setMode, busy: false, assistantView: false }),
    [store, mode],
  );
  const open = useSyncExternalStore(store.subscribe, store.openKey);
  return (
    <ArtifactsContext.Provider value={share}>
      {texts.map(([id, text]) =>
        artifactsOf(text).map((a, i) => (
          <ArtifactCard key={`${id}${i}`} artifact={a} messageId={id} index={i} />
        )),
      )}
      {open && <ArtifactPanel />}
    </ArtifactsContext.Provider>
  );
}

function setup(texts: [string, string][]) {
  const qc = new QueryClient();
  qc.setQueryData(
    queryKeys.messages('c1'),
    texts.map(([id, text]) => reply(id, text)),
  );
  const store = createArtifactsStore();
  const view = render(
    <QueryClientProvider client={qc}>
      <Screen store={store} texts={texts} />
    </QueryClientProvider>,
  );
  return { store, view };
}

afterEach(cleanup);

describe('artifact card and panel', () => {
  it('shows a card with the title as text (markup in it escaped), which opens the panel', () => {
    setup([['m1', svg('<img src=x onerror=alert(1)>Logo', '<svg viewBox="0 0 1 1"></svg>')]]);
    const card = screen.getByTestId('artifact-card');
    expect(within(card).getByTestId('artifact-card-title').textContent).toBe(
      '<img src=x onerror=alert(1)>Logo',
    );
    expect(card.querySelector('img')).toBeNull();
    expect(card.textContent).toContain('SVG');
    expect(card.textContent).toContain('Click to open');
    expect(screen.queryByTestId('artifact-panel')).toBeNull();
    card.focus();
    fireEvent.click(card);
    const panel = screen.getByTestId('artifact-panel');
    expect(within(panel).getByTestId('artifact-panel-title').textContent).toBe(
      '<img src=x onerror=alert(1)>Logo',
    );
    // Opened from the card: the keyboard goes on in the panel.
    expect(document.activeElement).toBe(screen.getByTestId('artifact-panel-close'));
  });

  it('previews in a sandboxed frame of the sandbox page, and shows the code in its tab (arrow keys move)', () => {
    setup([['m1', svg('Logo', '<svg viewBox="0 0 1 1"><circle r="1"/></svg>')]]);
    fireEvent.click(screen.getByTestId('artifact-card'));
    const frame = screen.getByTestId('artifact-preview-frame');
    expect(frame.getAttribute('sandbox')).toBe('allow-scripts');
    expect(frame.getAttribute('src')).toBe('/artifacts/sandbox.html');
    const previewTab = screen.getByTestId('artifact-tab-preview');
    expect(previewTab.getAttribute('aria-selected')).toBe('true');
    previewTab.focus();
    fireEvent.keyDown(previewTab, { key: 'ArrowLeft' });
    const codeTab = screen.getByTestId('artifact-tab-code');
    expect(codeTab.getAttribute('aria-selected')).toBe('true');
    expect(document.activeElement).toBe(codeTab);
    expect(screen.getByTestId('artifact-code').textContent).toBe(
      '<svg viewBox="0 0 1 1"><circle r="1"/></svg>',
    );
    expect(screen.queryByTestId('artifact-preview-frame')).toBeNull();
  });

  it('switches between the versions of one identifier across replies, and closes on Escape', () => {
    setup([
      ['m1', svg('Logo', '<svg id="v1"/>')],
      ['m2', svg('Logo, blue', '<svg id="v2"/>')],
    ]);
    fireEvent.click(screen.getAllByTestId('artifact-card')[1]!);
    expect(screen.getByTestId('artifact-version-label').textContent).toBe('Version 2 of 2');
    expect(screen.getByTestId('artifact-panel-title').textContent).toBe('Logo, blue');
    expect((screen.getByTestId('artifact-version-next') as HTMLButtonElement).disabled).toBe(true);
    fireEvent.click(screen.getByTestId('artifact-version-prev'));
    expect(screen.getByTestId('artifact-version-label').textContent).toBe('Version 1 of 2');
    fireEvent.click(screen.getByTestId('artifact-tab-code'));
    expect(screen.getByTestId('artifact-code').textContent).toBe('<svg id="v1"/>');
    fireEvent.keyDown(screen.getByTestId('artifact-code'), { key: 'Escape' });
    expect(screen.queryByTestId('artifact-panel')).toBeNull();
  });

  it('says a streaming artifact is being written, and opens it by itself once complete', () => {
    const full = svg('Logo', '<svg/>');
    const partial = full.slice(0, full.indexOf('<svg/>') + 3);
    const { store, view } = setup([['m1', partial]]);
    expect(screen.getByTestId('artifact-card').textContent).toContain('Generating');
    expect(store.openKey()).toBeNull();
    act(() => {
      view.rerender(
        <QueryClientProvider client={new QueryClient()}>
          <Screen store={store} texts={[['m1', full]]} />
        </QueryClientProvider>,
      );
    });
    expect(store.openKey()).toBe('m1:0');
    expect(screen.getByTestId('artifact-panel')).toBeTruthy();
    // Not opened by a click: the focus was not taken.
    expect(document.activeElement).not.toBe(screen.getByTestId('artifact-panel-close'));
    fireEvent.click(screen.getByTestId('artifact-panel-close'));
    expect(screen.queryByTestId('artifact-panel')).toBeNull();
  });
});
