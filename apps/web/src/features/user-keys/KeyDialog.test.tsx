import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { API_ROUTE_PATHS, type EndpointsConfig, type RoutePath } from '@chat/contract';
import '../../app/i18n';
import { ToastProvider } from '../../components/ui/Toast';
import { queryKeys } from '../../api/keys';
import { KeyDialog } from './KeyDialog';

const calls: { route: RoutePath; input: unknown }[] = [];
let expiresAt: string | null = null;

vi.mock('../../api/call', () => ({
  callApi: vi.fn(async (route: RoutePath, input: { body?: { expiresAt?: string } }) => {
    calls.push({ route, input });
    if (route === API_ROUTE_PATHS.keyExpiry) return { expiresAt };
    if (route === API_ROUTE_PATHS.updateKey) return { name: 'x', expiresAt: input.body?.expiresAt };
    return { deletedCount: 1 };
  }),
}));

const config: EndpointsConfig = {
  openAI: { order: 1, type: 'openAI', userProvide: true },
  google: { order: 5, type: 'google', userProvide: true },
  azureOpenAI: { order: 0, type: 'azureOpenAI', userProvide: true },
  Mistral: { order: 8, type: 'custom', userProvide: true, userProvideURL: true },
  groq: { order: 9, type: 'custom', userProvide: true },
};

let qc: QueryClient;

function open(endpoint: string, onClose = vi.fn()) {
  qc = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={qc}>
      <ToastProvider>
        <KeyDialog endpoint={endpoint} endpointLabel={endpoint} config={config} onClose={onClose} />
      </ToastProvider>
    </QueryClientProvider>,
  );
  return { dialog: screen.getByTestId('key-dialog'), onClose };
}

const labels = (dialog: HTMLElement) =>
  Array.from(dialog.querySelectorAll('form label')).map((l) => l.textContent);

const saves = () => calls.filter((c) => c.route === API_ROUTE_PATHS.updateKey);

beforeEach(() => {
  calls.length = 0;
  expiresAt = null;
});
afterEach(cleanup);

describe('KeyDialog', () => {
  it("takes each endpoint's key shape", () => {
    expect(labels(open('Mistral').dialog)).toEqual(['API Key', 'Base URL', 'Expires after']);
    cleanup();
    expect(labels(open('groq').dialog)).toEqual(['API Key', 'Expires after']);
    cleanup();
    expect(labels(open('azureOpenAI').dialog)).toEqual([
      'Instance name',
      'Deployment name',
      'API version',
      'API Key',
      'Expires after',
    ]);
    cleanup();
    const google = open('google').dialog;
    expect(labels(google)).toEqual(['Service account JSON key', 'Google API key', 'Expires after']);
    expect(within(google).getByLabelText('Service account JSON key')).toHaveProperty('type', 'file');
    cleanup();
    expect(labels(open('openAI').dialog)).toEqual(['API Key', 'Expires after']);
  });

  it('offers the expiry choices, 12 hours by default', () => {
    const { dialog } = open('openAI');
    const select = within(dialog).getByLabelText('Expires after') as HTMLSelectElement;
    expect(Array.from(select.options).map((o) => o.text)).toEqual([
      '30 minutes',
      '2 hours',
      '12 hours',
      '1 day',
      '7 days',
      '30 days',
    ]);
    expect(select.selectedOptions[0]?.text).toBe('12 hours');
  });

  it('names the empty required fields in a toast and stays open', async () => {
    const { dialog, onClose } = open('Mistral');
    await act(async () => fireEvent.click(within(dialog).getByTestId('key-save')));
    expect(screen.getByTestId('toast').textContent).toContain(
      'The following fields are required: API Key, Base URL',
    );
    expect(within(dialog).getByText('Base URL is required.')).toBeTruthy();
    fireEvent.change(within(dialog).getByLabelText('API Key'), { target: { value: 'sk-1' } });
    await act(async () => fireEvent.click(within(dialog).getByTestId('key-save')));
    expect(screen.getAllByTestId('toast').at(-1)?.textContent).toContain(
      'The following fields are required: Base URL',
    );
    expect(onClose).not.toHaveBeenCalled();
    expect(screen.getByTestId('key-dialog')).toBeTruthy();
    expect(saves()).toHaveLength(0);
  });

  it('saves the JSON of the shape with the chosen expiry and closes', async () => {
    const before = Date.now();
    const { dialog, onClose } = open('azureOpenAI');
    const fill = (label: string, value: string) =>
      fireEvent.change(within(dialog).getByLabelText(label), { target: { value } });
    fill('Instance name', 'inst');
    fill('Deployment name', 'dep');
    fill('API version', '2024-02-01');
    fill('API Key', 'secret');
    fireEvent.change(within(dialog).getByLabelText('Expires after'), {
      target: { value: String(2 * 3_600_000) },
    });
    await act(async () => fireEvent.click(within(dialog).getByTestId('key-save')));
    const [save] = saves();
    const body = (save?.input as { body: { name: string; value: string; expiresAt: string } }).body;
    expect(body.name).toBe('azureOpenAI');
    expect(JSON.parse(body.value)).toEqual({
      azureOpenAIApiInstanceName: 'inst',
      azureOpenAIApiDeploymentName: 'dep',
      azureOpenAIApiVersion: '2024-02-01',
      azureOpenAIApiKey: 'secret',
    });
    const ms = Date.parse(body.expiresAt) - before;
    expect(ms).toBeGreaterThanOrEqual(2 * 3_600_000);
    expect(ms).toBeLessThan(2 * 3_600_000 + 5_000);
    expect(onClose).toHaveBeenCalled();
    expect(qc.getQueryData(queryKeys.userKeys.one('azureOpenAI'))).toEqual({ expiresAt: body.expiresAt });
  });

  it('saves a plain key as it is', async () => {
    const { dialog } = open('openAI');
    fireEvent.change(within(dialog).getByLabelText('API Key'), { target: { value: ' sk-plain ' } });
    await act(async () => fireEvent.click(within(dialog).getByTestId('key-save')));
    expect((saves()[0]?.input as { body: { value: string } }).body.value).toBe('sk-plain');
  });

  it('Google: a service account file, an API key, or both', async () => {
    const { dialog } = open('google');
    await act(async () => fireEvent.click(within(dialog).getByTestId('key-save')));
    expect(screen.getByTestId('toast').textContent).toContain(
      'Import a service account key, enter an API key, or both.',
    );
    const file = within(dialog).getByLabelText('Service account JSON key');
    const bad = new File(['{"client_email":"nope"}'], 'key.json', { type: 'application/json' });
    fireEvent.change(file, { target: { files: [bad] } });
    expect((await within(dialog).findByRole('alert')).textContent).toBe('Invalid service account JSON key.');
    const account = { client_email: 'a@b.co', project_id: 'proj-1', private_key: 'k'.repeat(700) };
    const good = new File([JSON.stringify(account)], 'key.json', { type: 'application/json' });
    fireEvent.change(file, { target: { files: [good] } });
    expect((await within(dialog).findByTestId('service-key-loaded')).textContent).toContain('proj-1');
    await act(async () => fireEvent.click(within(dialog).getByTestId('key-save')));
    const value = (saves()[0]?.input as { body: { value: string } }).body.value;
    expect(JSON.parse(value)).toEqual({ GOOGLE_SERVICE_KEY: account });
  });

  it('revokes the key, or every key after a confirmation', async () => {
    expiresAt = new Date(Date.now() + 3_600_000).toISOString();
    const { dialog } = open('openAI');
    expect((await within(dialog).findByText(/Your key is valid until/)).textContent).toContain(
      'Keys are stored encrypted',
    );
    await act(async () => fireEvent.click(within(dialog).getByTestId('key-revoke')));
    expect(calls.some((c) => c.route === API_ROUTE_PATHS.deleteKey)).toBe(true);
    expect(qc.getQueryData(queryKeys.userKeys.one('openAI'))).toEqual({ expiresAt: null });

    fireEvent.click(within(dialog).getByTestId('key-revoke-all'));
    expect(calls.some((c) => c.route === API_ROUTE_PATHS.deleteAllKeys)).toBe(false);
    await act(async () => fireEvent.click(within(dialog).getByTestId('key-revoke-all-confirm')));
    const all = calls.find((c) => c.route === API_ROUTE_PATHS.deleteAllKeys);
    expect(all?.input).toEqual({ query: { all: 'true' } });
  });
});
