import { API_ROUTE_PATHS, FILE_SEARCH_TOOL, type FileObject, type FileSearchStatus } from '@chat/contract';
import { apiFetch, toApiError } from '../../api/http';
import { callApi } from '../../api/call';

/**
 * POST /api/files/images, as LibreChat's client sends it: the endpoint (whose file config the
 * server applies), the file, then its id and size.
 */
export async function uploadImage(
  file: File,
  tempId: string,
  size: { width: number; height: number },
  endpoint?: string | null,
  signal?: AbortSignal,
): Promise<FileObject> {
  const form = new FormData();
  if (endpoint) form.append('endpoint', endpoint);
  form.append('file', file, file.name);
  form.append('file_id', tempId);
  form.append('width', String(size.width));
  form.append('height', String(size.height));
  const res = await apiFetch(API_ROUTE_PATHS.uploadImage.path, {
    method: 'POST',
    body: form,
    ...(signal ? { signal } : {}),
  });
  if (!res.ok) throw await toApiError(res);
  return (await res.json()) as FileObject;
}

/** POST /api/files for file search (LibreChat's "Upload for File Search"): the stored file and its state. */
export async function uploadForSearch(
  file: File,
  tempId: string,
  endpoint?: string | null,
): Promise<FileObject & { status: FileSearchStatus }> {
  const form = new FormData();
  if (endpoint) form.append('endpoint', endpoint);
  form.append('file_id', tempId);
  form.append('tool_resource', FILE_SEARCH_TOOL);
  form.append('message_file', 'true');
  form.append('file', file, file.name);
  const res = await apiFetch(API_ROUTE_PATHS.uploadFile.path, { method: 'POST', body: form });
  if (!res.ok) throw await toApiError(res);
  return (await res.json()) as FileObject & { status: FileSearchStatus };
}

/** GET /api/files/search-status: where the documents' reading stands. */
export async function searchStatus(fileIds: readonly string[]): Promise<FileSearchStatus[]> {
  return callApi(API_ROUTE_PATHS.fileSearchStatus, { query: { file_ids: fileIds.join(',') } });
}

/** DELETE /api/files; a failure is logged only. */
export async function deleteFiles(files: readonly { file_id: string; filepath?: string }[]): Promise<void> {
  if (files.length === 0) return;
  try {
    await callApi(API_ROUTE_PATHS.deleteFiles, {
      body: {
        files: files.map((f) => ({ file_id: f.file_id, ...(f.filepath ? { filepath: f.filepath } : {}) })),
      },
    });
  } catch (err) {
    console.warn('file deletion failed', err);
  }
}

/** An image's size as the browser decodes it. */
export async function imageSize(file: File): Promise<{ width: number; height: number }> {
  const bitmap = await createImageBitmap(file);
  const size = { width: bitmap.width, height: bitmap.height };
  bitmap.close();
  return size;
}
