import { useCallback, useEffect, useRef, useState } from 'react';
import {
  FILE_ERROR_TEXTS,
  FILE_PROGRESS,
  FILE_SEARCH_LIMITS,
  fileSearchExtension,
  type FileSearchState,
  FILE_TIMINGS,
  imageWithinLimits,
  NEW_CONVO,
  TIMINGS,
  type EndpointFileConfig,
  type FileErrorKind,
  type FileObject,
  type MessageFile,
} from '@chat/contract';
import { ApiError } from '../../api/http';
import type * as ApiModule from './api';
import type * as CheckModule from './check';
import { pendingFiles } from './pending-deletes';

// The upload path loads when the first file is picked (kept out of /c/new's first load).
let api: Promise<typeof ApiModule> | undefined;
let check: Promise<typeof CheckModule> | undefined;
const loadApi = () => (api ??= import('./api'));
const loadCheck = () => (check ??= import('./check'));

/** An image held in the input (the uploaded entry). */
export interface Attachment {
  /** The client's id for it (sent as file_id; the server answers it as temp_file_id). */
  id: string;
  name: string;
  size: number;
  type: string;
  /** An object URL of the picked file, for its thumbnail. */
  preview: string;
  progress: number;
  width?: number;
  height?: number;
  /** The stored file, once the server answered. */
  file?: FileObject;
  /**
   * A document uploaded for file search (not an image): where its reading stands, and why it
   * failed. It counts as ready once the server has read it.
   */
  search?: { state: FileSearchState; error?: string | undefined; timedOut?: boolean };
}

/** The kind of a server's refusal: its message when it is one of the spec's texts, else by status. */
function kindOf(err: unknown): FileErrorKind {
  if (err instanceof ApiError) {
    const match = (Object.keys(FILE_ERROR_TEXTS) as FileErrorKind[]).find(
      (k) => FILE_ERROR_TEXTS[k] === err.message,
    );
    if (match) return match;
    // Over the endpoint's own size (librechat.yaml fileConfig): its text names that size.
    if (err.status === 413) return 'tooLarge';
    if (err.status === 400) return 'validation';
  }
  return 'upload';
}

/** Deletes what the last visit left uploaded and unsent (on load and on a new chat). */
function cleanupPendingFiles(): void {
  const files = pendingFiles.all();
  if (files.length === 0) return;
  pendingFiles.remove(files.map((f) => f.file_id));
  void loadApi().then(({ deleteFiles }) => deleteFiles(files));
}

/**
 * The images of the message being written: checked (the product's texts, merged into one list
 * after 250 ms, later ones added while it shows), uploaded with progress 0.2 / 0.6 / 0.9 / 1, removable only once ready (deletions sent
 * together after 1 s without another), kept in filesToDelete until they are sent.
 */
export function useAttachments(
  limits: EndpointFileConfig | undefined,
  routeId: string,
  /** The conversation's endpoint, named to the server with each upload. */
  endpoint?: string | null,
) {
  const [items, setItems] = useState<Attachment[]>([]);
  const [errors, setErrors] = useState<FileErrorKind[]>([]);
  const live = useRef(items);
  live.current = items;
  const errorBuffer = useRef(new Set<FileErrorKind>());
  const errorTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const hideTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const deleteQueue = useRef<FileObject[]>([]);
  const deleteTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const alive = useRef(true);

  const report = useCallback((kinds: readonly FileErrorKind[]) => {
    if (kinds.length === 0) return;
    for (const k of kinds) errorBuffer.current.add(k);
    if (errorTimer.current) return;
    errorTimer.current = setTimeout(() => {
      errorTimer.current = undefined;
      const merged = [...errorBuffer.current];
      errorBuffer.current.clear();
      if (!alive.current) return;
      // An error found later (an image read slowly) joins the list still on screen rather than
      // replacing what the person has not finished reading.
      setErrors((shown) => [...new Set([...shown, ...merged])]);
      clearTimeout(hideTimer.current);
      hideTimer.current = setTimeout(() => setErrors([]), TIMINGS.toastValidationMs);
    }, FILE_TIMINGS.errorMergeMs);
  }, []);

  const patch = useCallback((id: string, change: Partial<Attachment>) => {
    setItems((list) => list.map((a) => (a.id === id ? { ...a, ...change } : a)));
  }, []);

  const drop = useCallback((id: string) => {
    setItems((list) => {
      const gone = list.find((a) => a.id === id);
      if (gone?.preview) URL.revokeObjectURL(gone.preview);
      return list.filter((a) => a.id !== id);
    });
  }, []);

  const upload = useCallback(
    async (file: File, id: string) => {
      try {
        const { deleteFiles, imageSize, uploadImage } = await loadApi();
        const size = await imageSize(file);
        if (!imageWithinLimits(size.width, size.height)) {
          // The server would refuse it from its header: it is not sent.
          drop(id);
          report(['dimensions']);
          return;
        }
        patch(id, { ...size, progress: FILE_PROGRESS.measured });
        const stored = await uploadImage(file, id, size, endpoint);
        pendingFiles.add({ file_id: stored.file_id, filepath: stored.filepath, source: stored.source });
        if (!alive.current || !live.current.some((a) => a.id === id)) {
          // Removed while it uploaded (a new chat): it is not kept.
          pendingFiles.remove([stored.file_id]);
          void deleteFiles([stored]);
          return;
        }
        patch(id, {
          file: stored,
          width: stored.width,
          height: stored.height,
          progress: FILE_PROGRESS.uploaded,
        });
        setTimeout(() => patch(id, { progress: FILE_PROGRESS.done }), FILE_TIMINGS.doneDelayMs);
      } catch (err) {
        // A failed entry is removed.
        drop(id);
        report([err instanceof DOMException ? 'validation' : kindOf(err)]);
      }
    },
    [drop, patch, report, endpoint],
  );

  const addImages = useCallback(
    async (picked: readonly File[]) => {
      if (picked.length === 0) return;
      const { checkFiles } = await loadCheck();
      const { accepted, errors: found } = checkFiles(live.current, picked, limits);
      report(found);
      const added = accepted.map((file): Attachment => ({
        id: crypto.randomUUID(),
        name: file.name,
        size: file.size,
        type: file.type,
        preview: URL.createObjectURL(file),
        progress: FILE_PROGRESS.picked,
      }));
      if (added.length === 0) return;
      live.current = [...live.current, ...added];
      setItems((list) => [...list, ...added]);
      added.forEach((a, i) => void upload(accepted[i]!, a.id));
    },
    [limits, report, upload],
  );

  /** Asks the server where a document's reading stands until it is ready or failed. */
  const follow = useCallback(
    async (id: string, fileId: string) => {
      const { searchStatus } = await loadApi();
      // Bounded: a document the server never finishes (or a server that stops answering) ends
      // as not read in time, rather than being asked about for as long as the page is open.
      const attempts = Math.ceil(FILE_SEARCH_LIMITS.pollMaxMs / FILE_SEARCH_LIMITS.pollMs);
      for (let i = 0; i < attempts; i++) {
        await new Promise((r) => setTimeout(r, FILE_SEARCH_LIMITS.pollMs));
        if (!alive.current || !live.current.some((a) => a.id === id)) return;
        const [status] = await searchStatus([fileId]).catch(() => []);
        if (!status) continue;
        if (status.state === 'processing') continue;
        patch(id, {
          search: { state: status.state, error: status.error },
          progress: FILE_PROGRESS.done,
        });
        return;
      }
      if (!alive.current || !live.current.some((a) => a.id === id)) return;
      patch(id, { search: { state: 'failed', timedOut: true }, progress: FILE_PROGRESS.done });
    },
    [patch],
  );

  const uploadDocument = useCallback(
    async (file: File, id: string) => {
      try {
        const { deleteFiles, uploadForSearch } = await loadApi();
        const stored = await uploadForSearch(file, id, endpoint);
        pendingFiles.add({ file_id: stored.file_id, filepath: stored.filepath, source: stored.source });
        if (!alive.current || !live.current.some((a) => a.id === id)) {
          pendingFiles.remove([stored.file_id]);
          void deleteFiles([stored]);
          return;
        }
        const done = stored.status.state !== 'processing';
        patch(id, {
          file: stored,
          search: { state: stored.status.state, error: stored.status.error },
          progress: done ? FILE_PROGRESS.done : FILE_PROGRESS.uploaded,
        });
        if (!done) void follow(id, stored.file_id);
      } catch (err) {
        drop(id);
        report([kindOf(err)]);
      }
    },
    [drop, patch, report, follow, endpoint],
  );

  /** Documents for file search: read by the server after the upload, then searched by the model. */
  const addDocuments = useCallback(
    (picked: readonly File[]) => {
      if (picked.length === 0) return;
      const errors: FileErrorKind[] = [];
      const fileLimit = limits?.fileLimit ?? Number.POSITIVE_INFINITY;
      const accepted = picked.filter((f) => {
        if (!fileSearchExtension(f.name)) errors.push('validation');
        else if (f.size > FILE_SEARCH_LIMITS.maxFileBytes) errors.push('tooLarge');
        else return true;
        return false;
      });
      if (live.current.length + accepted.length > fileLimit) {
        report(['tooMany']);
        return;
      }
      report([...new Set(errors)]);
      const added = accepted.map((file): Attachment => ({
        id: crypto.randomUUID(),
        name: file.name,
        size: file.size,
        type: file.type,
        preview: '',
        progress: FILE_PROGRESS.measured,
        search: { state: 'processing' },
      }));
      if (added.length === 0) return;
      live.current = [...live.current, ...added];
      setItems((list) => [...list, ...added]);
      added.forEach((a, i) => void uploadDocument(accepted[i]!, a.id));
    },
    [limits, report, uploadDocument],
  );

  /**
   * Files dropped, pasted or picked: documents file search reads (pdf, docx, text, code) are
   * uploaded for it, everything else goes the images' way (and is refused there if it is none).
   */
  const add = useCallback(
    async (picked: readonly File[]) => {
      const isDocument = (f: File) => !f.type.startsWith('image/') && fileSearchExtension(f.name) !== null;
      const documents = picked.filter(isDocument);
      if (documents.length > 0) addDocuments(documents);
      await addImages(picked.filter((f) => !isDocument(f)));
    },
    [addImages, addDocuments],
  );

  const flushDeletes = useCallback(() => {
    const batch = deleteQueue.current;
    deleteQueue.current = [];
    if (batch.length === 0) return;
    void loadApi()
      .then(({ deleteFiles }) => deleteFiles(batch))
      .then(() => pendingFiles.remove(batch.map((f) => f.file_id)));
  }, []);

  /** Removes a ready attachment; its deletion goes out with the others after 1 s. */
  const remove = useCallback(
    (id: string) => {
      const a = live.current.find((x) => x.id === id);
      if (!a || a.progress < FILE_PROGRESS.done || !a.file) return;
      drop(id);
      deleteQueue.current.push(a.file);
      clearTimeout(deleteTimer.current);
      deleteTimer.current = setTimeout(flushDeletes, FILE_TIMINGS.deleteDebounceMs);
    },
    [drop, flushDeletes],
  );

  /** The ready files, as the message carries them (a document that failed to be read stays out). */
  const ready = useCallback((): MessageFile[] => {
    const done = live.current.filter(
      (a) => a.file && a.progress >= FILE_PROGRESS.done && a.search?.state !== 'failed',
    );
    return done.map((a) => ({
      file_id: a.file!.file_id,
      filepath: a.file!.filepath,
      type: a.file!.type,
      width: a.file!.width,
      height: a.file!.height,
      ...(a.search ? { filename: a.file!.filename } : {}),
    }));
  }, []);

  /** Empties the input once its files were sent: they are the message's now, not to delete. */
  const sent = useCallback(() => {
    pendingFiles.remove(live.current.flatMap((a) => (a.file ? [a.file.file_id] : [])));
    for (const a of live.current) if (a.preview) URL.revokeObjectURL(a.preview);
    live.current = [];
    setItems([]);
  }, []);

  // On load and on a new chat: what an earlier visit left uploaded and unsent is deleted, and
  // what this input held is let go (not when /c/new becomes the conversation it started).
  const lastRoute = useRef<string | null>(null);
  useEffect(() => {
    const first = lastRoute.current === null;
    const toNew = routeId === NEW_CONVO && lastRoute.current !== NEW_CONVO;
    lastRoute.current = routeId;
    if (!first && !toNew) return;
    for (const a of live.current) if (a.preview) URL.revokeObjectURL(a.preview);
    live.current = [];
    setItems([]);
    cleanupPendingFiles();
  }, [routeId]);

  useEffect(() => {
    alive.current = true;
    return () => {
      alive.current = false;
      clearTimeout(errorTimer.current);
      clearTimeout(hideTimer.current);
      errorTimer.current = undefined;
      if (deleteTimer.current) {
        clearTimeout(deleteTimer.current);
        flushDeletes();
      }
    };
  }, [flushDeletes]);

  const uploading = items.some((a) => a.progress < FILE_PROGRESS.done);
  return {
    items,
    errors,
    limits,
    add,
    addDocuments,
    remove,
    ready,
    sent,
    uploading,
    dismissErrors: () => setErrors([]),
  };
}
export type Attachments = ReturnType<typeof useAttachments>;
