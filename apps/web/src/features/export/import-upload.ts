import {
  API_ROUTE_PATHS,
  IMPORT_JOB_LIMITS,
  type ApiErrorBody,
  type ImportJob,
  type ImportReport,
  type ImportStarted,
} from '@chat/contract';
import { callApi } from '../../api/call';
import { ApiError, getAccessToken, refreshSession } from '../../api/http';

export interface ImportHandlers {
  /** Bytes of the file sent so far. */
  onUpload?: (loaded: number, total: number) => void;
  /** The server's job, each time it is polled (its progress through the file). */
  onProgress?: (job: ImportJob) => void;
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
  body: string;
}

/**
 * One POST of the file, by XMLHttpRequest (fetch reports no upload progress): the upload's
 * progress, then the answer (201 with the job's id once the server stored the file).
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
    xhr.upload.onprogress = (e) => handlers.onUpload?.(e.loaded, e.lengthComputable ? e.total : file.size);
    xhr.onload = () =>
      resolve({
        status: xhr.status,
        body: xhr.getResponseHeader('content-type')?.startsWith('application/json') ? xhr.responseText : '',
      });
    xhr.onerror = () => reject(new ApiError(0, 'network_error', 'Error connecting to server'));
    xhr.onabort = () => reject(new DOMException('The import was cancelled', 'AbortError'));
    signal?.addEventListener('abort', () => xhr.abort(), { once: true });
    const form = new FormData();
    form.append('file', file, file.name);
    xhr.send(form);
  });
}

const wait = (ms: number, signal?: AbortSignal): Promise<void> =>
  new Promise((resolve, reject) => {
    const timer = setTimeout(resolve, ms);
    signal?.addEventListener(
      'abort',
      () => {
        clearTimeout(timer);
        reject(new DOMException('The import was cancelled', 'AbortError'));
      },
      { once: true },
    );
  });

/** Polls the job (GET /api/convos/import/jobs/:jobId) until it ends. */
async function followJob(
  jobId: string,
  handlers: ImportHandlers,
  signal?: AbortSignal,
): Promise<ImportReport> {
  for (;;) {
    const job = await callApi(API_ROUTE_PATHS.importJobStatus, { params: { jobId }, signal });
    handlers.onProgress?.(job);
    if (job.status === 'completed' && job.report) return job.report;
    if (job.status === 'failed') {
      throw new ImportError(
        job.error?.message ?? 'The import failed',
        job.error?.code ?? 'internal',
        job.report,
      );
    }
    await wait(IMPORT_JOB_LIMITS.pollIntervalMs, signal);
  }
}

/**
 * Imports a file (POST /api/convos/import, multipart field `file`), then follows its job and
 * resolves with the report. A 401 refreshes the session once and sends again; an error answer
 * rejects with ApiError, a malformed file with ImportError (carrying the report of what was
 * imported before the fault).
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
  let body: Partial<ApiErrorBody & ImportStarted> = {};
  try {
    body = JSON.parse(attempt.body) as Partial<ApiErrorBody & ImportStarted>;
  } catch {
    // not JSON
  }
  if (attempt.status >= 200 && attempt.status < 300 && body.jobId) {
    return followJob(body.jobId, handlers, signal);
  }
  throw new ApiError(
    attempt.status,
    body.code ?? 'internal',
    body.message ?? 'The import failed',
    body.issues,
  );
}
