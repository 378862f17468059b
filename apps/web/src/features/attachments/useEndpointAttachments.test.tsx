import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { DEFAULT_FILE_CONFIG, type FileConfig, type FileObject } from '@chat/contract';
import { callApi } from '../../api/call';
import { queryKeys } from '../../api/keys';
import { ChatInput } from '../chat';
import { imageSize, uploadImage } from './api';
import { useEndpointAttachments } from './useEndpointAttachments';

vi.mock('../../api/call', () => ({ callApi: vi.fn() }));
vi.mock('./api', () => ({ uploadImage: vi.fn(), deleteFiles: vi.fn(), imageSize: vi.fn() }));
vi.mock('../../hooks/useTranslation', () => ({
  useTranslation: () => ({
    t: (k: string, o?: Record<string, unknown>) => (o ? `${k} ${JSON.stringify(o)}` : k),
  }),
}));

const MB = 1024 * 1024;
/** The server's answer: uploads off on openAI, 1 MB files and PNG only elsewhere. */
const CONFIG: FileConfig = {
  ...DEFAULT_FILE_CONFIG,
  endpoints: {
    default: {
      ...DEFAULT_FILE_CONFIG.endpoints.default!,
      fileSizeLimit: MB,
      supportedMimeTypes: ['image/png'],
    },
    openAI: { disabled: true, fileLimit: 0, fileSizeLimit: 0, totalSizeLimit: 0, supportedMimeTypes: [] },
  },
};

function Chat({ endpoint }: { endpoint: string }) {
  const { attachments, filesOn } = useEndpointAttachments(endpoint, 'new', true);
  return (
    <ChatInput
      onSend={() => true}
      onStop={() => undefined}
      submitting={false}
      showStop={false}
      placeholder="Send a message"
      attachments={filesOn ? attachments : null}
    />
  );
}
function renderChat(endpoint: string) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const tree = (e: string) => (
    <QueryClientProvider client={client}>
      <Chat endpoint={e} />
    </QueryClientProvider>
  );
  const view = render(tree(endpoint));
  return { client, switchTo: (e: string) => view.rerender(tree(e)) };
}

beforeEach(() => {
  vi.mocked(callApi).mockResolvedValue(CONFIG as never);
  vi.mocked(imageSize).mockResolvedValue({ width: 4, height: 3 });
  URL.createObjectURL = vi.fn(() => 'blob:preview');
  URL.revokeObjectURL = vi.fn();
});
afterEach(() => {
  cleanup();
  vi.clearAllMocks();
});

describe('the attach button and the server’s file config', () => {
  it('is not there on an endpoint whose uploads the server disables', async () => {
    const { client, switchTo } = renderChat('openAI');
    await waitFor(() => expect(client.getQueryState(queryKeys.fileConfig)?.status).toBe('success'));
    expect(screen.getByTestId('chat-input')).toBeDefined();
    expect(screen.queryByTestId('attach-button')).toBeNull();
    // The same conversation moved to an endpoint that takes files: the button comes.
    switchTo('google');
    await screen.findByTestId('attach-button');
  });

  it('is there elsewhere, and checks sizes and types with the server’s numbers before uploading', async () => {
    renderChat('google');
    await screen.findByTestId('attach-button');
    const input = screen.getByTestId('file-input');

    const big = new File([new Uint8Array(2 * MB)], 'big.png', { type: 'image/png' });
    const jpeg = new File([new Uint8Array(10)], 'small.jpg', { type: 'image/jpeg' });
    fireEvent.change(input, { target: { files: [big, jpeg] } });
    const errors = await screen.findByTestId('file-errors');
    expect(errors.textContent).toContain('com_error_files_size_n {"size":"1"}');
    expect(errors.textContent).toContain('com_error_files_type');
    expect(uploadImage).not.toHaveBeenCalled();

    const stored = { file_id: 'f', filepath: '/api/files/download/f' } as FileObject;
    vi.mocked(uploadImage).mockResolvedValue(stored);
    const small = new File([new Uint8Array(10)], 'small.png', { type: 'image/png' });
    fireEvent.change(input, { target: { files: [small] } });
    // The upload names the endpoint, whose limits the server applies too.
    await waitFor(() =>
      expect(uploadImage).toHaveBeenCalledWith(small, expect.any(String), { width: 4, height: 3 }, 'google'),
    );
  });
});
