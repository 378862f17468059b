import {
  API_ROUTE_PATHS,
  importEventSchema,
  type ApiErrorBody,
  type ImportProgressEvent,
  type ImportReport,
} from '@chat/contract';
import { ApiError, getAccessToken, refreshSession } from '../../api/http';
import { SseParser } from '../../api/sse';

export interface ImportHandlers {
  /** Bytes of the file sent so far. */
  onUpload?: (loaded: number, total: number) => void;
  /** The server's progress through the file. */
  onProgress?: (event: ImportProgressEvent) => void;
}

/** The server stopped the import (a malformed file); `report` holds what was imported before. */
export class ImportError extends Error {
  constructor(
    message: string,
    readonly code: string,
    readonly report: ImportReport | null,
  ) {
    super(message);
  }
}

interface Attempt {
  status: number;
  report?: ImportReport;
  failure?: ImportError;
  body: string;
}

/**
 * One POST of the file, by XMLHttpRequest (fetch reports no upload progress): the upload's
 * progress, then the answer's events as they arrive (progress, then the final report or an error).
 */
function send(
  file: File,
  token: string | null,
  handlers: ImportHandlers,
  signal?: AbortSignal,
): Promise<Attempt> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open(API_ROUTE_PATHS.importConvos.method, API_ROUTE_PATHS.importConvos.path);
    if (token) xhr.setRequestHeader('Authorization', `Bearer ${token}`);
    const result: Attempt = { status: 0, body: '' };
    let seen = 0;
    const parser = new SseParser((msg) => {
      let data: unknown;
      try {
        data = JSON.parse(msg.data);
      } catch {
        return;
      }
      const parsed = importEventSchema.safeParse(data);
      if (!parsed.success) return;
      const event = parsed.data;
      if ('progress' in event) handlers.onProgress?.(event);
      else if ('final' in event) result.report = event.report;
      else result.failure = new ImportError(event.message, event.code, event.report);
    });
    const readEvents = () => {
      if (!(xhr.getResponseHeader('content-type') ?? '').startsWith('text/event-stream')) return;
      const text = xhr.responseText;
      parser.push(text.slice(seen));
      seen = text.length;
    };
    xhr.upload.onprogress = (e) => handlers.onUpload?.(e.loaded, e.lengthComputable ? e.total : file.size);
    xhr.onprogress = readEvents;
    xhr.onload = () => {
      readEvents();
      result.status = xhr.status;
      result.body = xhr.getResponseHeader('content-type')?.startsWith('application/json')
        ? xhr.responseText
        : '';
      resolve(result);
    };
    xhr.onerror = () => reject(new ApiError(0, 'network_error', 'Error connecting to server'));
    xhr.onabort = () => reject(new DOMException('The import was cancelled', 'AbortError'));
    signal?.addEventListener('abort', () => xhr.abort(), { once: true });
    const form = new FormData();
    form.append('file', file, file.name);
    xhr.send(form);
  });
}

/**
 * Imports a file (POST /api/convos/import, multipart field `file`) and resolves with the report.
 * A 401 refreshes the session once and sends again; an error answer rejects with ApiError, a
 * malformed file with ImportError (carrying the report of what was imported before the fault).
 */
export async function uploadImport(
  file: File,
  handlers: ImportHandlers = {},
  signal?: AbortSignal,
): Promise<ImportReport> {
  let attempt = await send(file, getAccessToken(), handlers, signal);
  if (attempt.status === 401) {
    const session = await refreshSession();
    attempt = await send(file, session.token, handlers, signal);
  }
  if (attempt.failure) throw attempt.failure;
  if (attempt.report) return attempt.report;
  let body: Partial<ApiErrorBody> = {};
  try {
    body = JSON.parse(attempt.body) as Partial<ApiErrorBody>;
  } catch {
    // not JSON
  }
  throw new ApiError(
    attempt.status,
    body.code ?? 'internal',
    body.message ?? 'The import failed',
    body.issues,
  );
}
