import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, render } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { StartupConfig } from '@chat/contract';
import { queryKeys } from '../api/keys';
import { documentTitle, useDocumentTitle } from './useDocumentTitle';

function Page({ title }: { title?: string | undefined }) {
  useDocumentTitle(title);
  return null;
}

function renderWith(appTitle: string, title?: string) {
  const qc = new QueryClient();
  qc.setQueryData<Partial<StartupConfig>>(queryKeys.config, { appTitle });
  const ui = (t?: string) => (
    <QueryClientProvider client={qc}>
      <Page title={t} />
    </QueryClientProvider>
  );
  const r = render(ui(title));
  return { ...r, set: (t?: string) => r.rerender(ui(t)) };
}

afterEach(cleanup);

describe('the browser tab title', () => {
  it('names the conversation, then the app', () => {
    expect(documentTitle('Acme Chat', 'Capital of France?')).toBe('Capital of France? · Acme Chat');
    expect(documentTitle('Acme Chat', '   ')).toBe('Acme Chat');
    expect(documentTitle('Acme Chat', undefined)).toBe('Acme Chat');
  });

  it('follows the open conversation and its new title, and is the app title elsewhere', () => {
    const view = renderWith('Acme Chat', 'New Chat');
    expect(document.title).toBe('New Chat · Acme Chat');
    view.set('What is the capital of France?');
    expect(document.title).toBe('What is the capital of France? · Acme Chat');
    view.set(undefined);
    expect(document.title).toBe('Acme Chat');
    view.set('Back again');
    view.unmount();
    expect(document.title).toBe('Acme Chat');
  });
});
