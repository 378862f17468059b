import { act, cleanup, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  FILE_ERROR_TEXTS,
  FILE_PROGRESS,
  FILE_SEARCH_LIMITS,
  IMAGE_LIMITS,
  LOCAL_KEYS,
  TIMINGS,
  type FileObject,
} from '@chat/contract';
import { ApiError } from '../../api/http';
import { deleteFiles, imageSize, searchStatus, uploadForSearch, uploadImage } from './api';
import { useAttachments } from './useAttachments';

vi.mock('./api', () => ({
  uploadImage: vi.fn(),
  deleteFiles: vi.fn(),
  imageSize: vi.fn(),
  uploadForSearch: vi.fn(),
  searchStatus: vi.fn(),
}));
const uploadDoc = vi.mocked(uploadForSearch);
const status = vi.mocked(searchStatus);
const upload = vi.mocked(uploadImage);
const del = vi.mocked(deleteFiles);
const size = vi.mocked(imageSize);

const stored = (id: string): FileObject => ({
  file_id: `server-${id}`,
  temp_file_id: id,
  filepath: `/api/files/download/server-${id}`,
  type: 'image/png',
  width: 4,
  height: 3,
  filename: 'a.png',
  source: 'local',
  bytes: 10,
  createdAt: '',
  updatedAt: '',
});
const png = (name: string) => new File([new Uint8Array(10)], name, { type: 'image/png' });
/** Lets awaited promises (dynamic imports, mocked calls) settle under fake timers. */
const settle = () => act(async () => void (await vi.advanceTimersByTimeAsync(0)));

beforeEach(async () => {
  // The hook loads these on first use; loaded here, they resolve at once under fake timers.
  await import('./api');
  await import('./check');
  vi.useFakeTimers();
  localStorage.clear();
  URL.createObjectURL = vi.fn(() => 'blob:preview');
  URL.revokeObjectURL = vi.fn();
  size.mockResolvedValue({ width: 4, height: 3 });
  del.mockResolvedValue(undefined);
});
afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.resetAllMocks();
});

describe('useAttachments', () => {
  it('goes 0.2 → 0.6 → 0.9 → 1, keeping the upload in filesToDelete until it is sent', async () => {
    let answer!: (f: FileObject) => void;
    let measured!: () => void;
    size.mockImplementation(
      () => new Promise((resolve) => (measured = () => resolve({ width: 4, height: 3 }))),
    );
    upload.mockImplementation(
      (_f, id) => new Promise((resolve) => (answer = (f) => resolve({ ...f, temp_file_id: id }))),
    );
    const { result } = renderHook(() => useAttachments(undefined, 'new'));
    await act(() => result.current.add([png('a.png')]));
    await settle();
    expect(result.current.items[0]?.progress).toBe(FILE_PROGRESS.picked);
    await act(async () => measured());
    expect(result.current.items[0]?.progress).toBe(FILE_PROGRESS.measured);
    const id = result.current.items[0]!.id;
    await act(async () => answer(stored(id)));
    expect(result.current.items[0]?.progress).toBe(FILE_PROGRESS.uploaded);
    expect(result.current.uploading).toBe(true);
    await act(async () => void (await vi.advanceTimersByTimeAsync(300)));
    expect(result.current.items[0]?.progress).toBe(FILE_PROGRESS.done);
    expect(localStorage.getItem(LOCAL_KEYS.filesToDelete)).toContain(`server-${id}`);
    expect(result.current.ready()).toEqual([
      {
        file_id: `server-${id}`,
        filepath: `/api/files/download/server-${id}`,
        type: 'image/png',
        width: 4,
        height: 3,
      },
    ]);
    act(() => result.current.sent());
    expect(result.current.items).toEqual([]);
    expect(localStorage.getItem(LOCAL_KEYS.filesToDelete)).toBeNull();
  });

  it('merges the errors met within 250 ms into one list', async () => {
    const { result } = renderHook(() => useAttachments(undefined, 'new'));
    await act(() => result.current.add([new File(['x'], 'a.gif', { type: 'image/gif' })]));
    await act(() => result.current.add([png('b.png'), png('b.png')]));
    upload.mockRejectedValue(new Error('offline'));
    await act(async () => void (await vi.advanceTimersByTimeAsync(200)));
    expect(result.current.errors).toEqual([]);
    await act(async () => void (await vi.advanceTimersByTimeAsync(60)));
    expect(result.current.errors).toEqual(['unsupported', 'duplicate', 'upload']);
    expect(result.current.items).toEqual([]);
  });

  it('adds an error found after the merge to the list still shown, and hides them together', async () => {
    let fail!: () => void;
    size.mockImplementationOnce(
      () => new Promise((_, reject) => (fail = () => reject(new DOMException('x')))),
    );
    const { result } = renderHook(() => useAttachments(undefined, 'new'));
    await act(() => result.current.add([new File(['x'], 'a.gif', { type: 'image/gif' }), png('slow.png')]));
    await act(async () => void (await vi.advanceTimersByTimeAsync(300)));
    expect(result.current.errors).toEqual(['unsupported']);
    await act(async () => fail());
    await act(async () => void (await vi.advanceTimersByTimeAsync(300)));
    expect(result.current.errors).toEqual(['unsupported', 'validation']);
    await act(async () => void (await vi.advanceTimersByTimeAsync(TIMINGS.toastValidationMs)));
    expect(result.current.errors).toEqual([]);
  });

  it('does not send an image larger than the server decodes (a side or the pixels in all), saying why', async () => {
    size.mockResolvedValueOnce({ width: 1, height: IMAGE_LIMITS.maxSidePx + 1 });
    size.mockResolvedValueOnce({ width: 8000, height: 6000 });
    const { result } = renderHook(() => useAttachments(undefined, 'new'));
    await act(() => result.current.add([png('strip.png'), png('huge.png')]));
    await act(async () => void (await vi.advanceTimersByTimeAsync(300)));
    expect(upload).not.toHaveBeenCalled();
    expect(result.current.items).toEqual([]);
    expect(result.current.errors).toEqual(['dimensions']);
  });

  it('shows the server’s refusal of an image’s dimensions as such', async () => {
    upload.mockRejectedValue(new ApiError(400, 'validation_error', FILE_ERROR_TEXTS.dimensions));
    const { result } = renderHook(() => useAttachments(undefined, 'new'));
    await act(() => result.current.add([png('a.png')]));
    await act(async () => void (await vi.advanceTimersByTimeAsync(300)));
    expect(result.current.errors).toEqual(['dimensions']);
  });

  it('shows a refusal over an endpoint’s configured size as too large', async () => {
    upload.mockRejectedValue(new ApiError(413, 'payload_too_large', 'File size exceeds 51 KB.'));
    const { result } = renderHook(() => useAttachments(undefined, 'new'));
    await act(() => result.current.add([png('a.png')]));
    await act(async () => void (await vi.advanceTimersByTimeAsync(300)));
    expect(result.current.errors).toEqual(['tooLarge']);
  });

  it('says the server is still processing this person’s images when it refuses one more (429)', async () => {
    upload.mockRejectedValue(new ApiError(429, 'too_many_requests', FILE_ERROR_TEXTS.busy));
    const { result } = renderHook(() => useAttachments(undefined, 'new'));
    await act(() => result.current.add([png('a.png')]));
    await act(async () => void (await vi.advanceTimersByTimeAsync(300)));
    expect(result.current.items).toEqual([]);
    expect(result.current.errors).toEqual(['busy']);
  });

  it('removes only ready files, and sends the deletions together 1 s after the last', async () => {
    upload.mockImplementation(async (_f, id) => stored(id));
    const { result } = renderHook(() => useAttachments(undefined, 'new'));
    await act(() => result.current.add([png('a.png'), png('b.png'), png('c.png')]));
    await settle();
    act(() => result.current.remove(result.current.items[0]!.id));
    expect(result.current.items).toHaveLength(3); // at 0.9: not yet
    await act(async () => void (await vi.advanceTimersByTimeAsync(300)));
    const [a, b] = result.current.items;
    act(() => result.current.remove(a!.id));
    await act(async () => void (await vi.advanceTimersByTimeAsync(600)));
    act(() => result.current.remove(b!.id));
    await act(async () => void (await vi.advanceTimersByTimeAsync(900)));
    expect(del).not.toHaveBeenCalled();
    await act(async () => void (await vi.advanceTimersByTimeAsync(100)));
    expect(del).toHaveBeenCalledTimes(1);
    expect(del.mock.calls[0]![0].map((f) => f.file_id)).toEqual([`server-${a!.id}`, `server-${b!.id}`]);
    expect(result.current.items).toHaveLength(1);
  });

  it('deletes what an earlier visit left in filesToDelete, on load and on a new chat', async () => {
    const left = { file_id: 'f1', filepath: '/api/files/download/f1', source: 'local' };
    localStorage.setItem(LOCAL_KEYS.filesToDelete, JSON.stringify({ f1: left }));
    const { rerender } = renderHook(({ route }) => useAttachments(undefined, route), {
      initialProps: { route: 'c-1' },
    });
    await settle();
    expect(del).toHaveBeenCalledWith([left]);
    expect(localStorage.getItem(LOCAL_KEYS.filesToDelete)).toBeNull();
    localStorage.setItem(LOCAL_KEYS.filesToDelete, JSON.stringify({ f1: left }));
    rerender({ route: 'c-2' });
    await settle();
    expect(del).toHaveBeenCalledTimes(1);
    rerender({ route: 'new' });
    await settle();
    expect(del).toHaveBeenCalledTimes(2);
  });
});

describe('documents for file search', () => {
  const doc = (name: string, type = '') => new File(['some text'], name, { type });
  const storedDoc = (id: string, name: string) => ({
    ...stored(id),
    filename: name,
    type: 'text/plain',
    status: { file_id: `server-${id}`, state: 'processing' as const, chunks: 0 },
  });

  it('dropped or pasted with an image, go to file search while the image goes its own way', async () => {
    upload.mockImplementation(async (_f, id) => stored(id));
    uploadDoc.mockImplementation(async (f, id) => storedDoc(id, f.name));
    status.mockImplementation(async (ids) => ids.map((file_id) => ({ file_id, state: 'ready', chunks: 2 })));
    const { result } = renderHook(() => useAttachments(undefined, 'new'));
    await act(() =>
      result.current.add([
        doc('notes.md'),
        png('a.png'),
        doc('report.pdf', 'application/pdf'),
        doc('main.py'),
      ]),
    );
    await settle();
    expect(uploadDoc.mock.calls.map(([f]) => f.name)).toEqual(['notes.md', 'report.pdf', 'main.py']);
    expect(upload.mock.calls.map(([f]) => f.name)).toEqual(['a.png']);
    await act(async () => void (await vi.advanceTimersByTimeAsync(FILE_SEARCH_LIMITS.pollMs + 300)));
    const docs = result.current.items.filter((a) => a.search);
    expect(docs.map((a) => a.search?.state)).toEqual(['ready', 'ready', 'ready']);
    expect(result.current.errors).toEqual([]);
  });

  it('a file that is neither an image nor a document is still refused', async () => {
    const { result } = renderHook(() => useAttachments(undefined, 'new'));
    await act(() => result.current.add([doc('tool.exe', 'application/octet-stream')]));
    await act(async () => void (await vi.advanceTimersByTimeAsync(300)));
    expect(uploadDoc).not.toHaveBeenCalled();
    expect(upload).not.toHaveBeenCalled();
    expect(result.current.errors.length).toBeGreaterThan(0);
  });

  it('stops asking after a bounded time, showing the document as not read in time and leaving it out of the message', async () => {
    uploadDoc.mockImplementation(async (f, id) => storedDoc(id, f.name));
    status.mockImplementation(async (ids) =>
      ids.map((file_id) => ({ file_id, state: 'processing', chunks: 0 })),
    );
    const { result } = renderHook(() => useAttachments(undefined, 'new'));
    await act(() => result.current.add([doc('slow.txt', 'text/plain')]));
    await settle();
    await act(async () => void (await vi.advanceTimersByTimeAsync(FILE_SEARCH_LIMITS.pollMaxMs - 5_000)));
    expect(result.current.items[0]?.search?.state).toBe('processing');
    await act(async () => void (await vi.advanceTimersByTimeAsync(10_000)));
    expect(result.current.items[0]?.search).toEqual({ state: 'failed', timedOut: true });
    const asked = status.mock.calls.length;
    expect(asked).toBe(Math.ceil(FILE_SEARCH_LIMITS.pollMaxMs / FILE_SEARCH_LIMITS.pollMs));
    await act(async () => void (await vi.advanceTimersByTimeAsync(60_000)));
    expect(status.mock.calls.length).toBe(asked);
    expect(result.current.ready()).toEqual([]);
  });
});
