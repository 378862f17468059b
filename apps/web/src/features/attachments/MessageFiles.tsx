import { useEffect, useState } from 'react';
import { useTranslation } from '../../hooks/useTranslation';
import { FileText } from 'lucide-react';
import type { MessageFile } from '@chat/contract';
import { apiFetch } from '../../api/http';

/** One sent image: its bytes fetched with the session's token, shown from an object URL (revoked after). */
function MessageImage({ file }: { file: MessageFile }) {
  const { t } = useTranslation();
  const [url, setUrl] = useState<string | null>(null);
  const [failed, setFailed] = useState(false);
  const path = file.filepath ?? `/api/files/download/${file.file_id}`;
  useEffect(() => {
    const ctrl = new AbortController();
    let objectURL: string | null = null;
    apiFetch(path, { signal: ctrl.signal })
      .then(async (res) => {
        if (!res.ok) throw new Error(String(res.status));
        objectURL = URL.createObjectURL(await res.blob());
        setUrl(objectURL);
      })
      .catch(() => {
        if (!ctrl.signal.aborted) setFailed(true);
      });
    return () => {
      ctrl.abort();
      if (objectURL) URL.revokeObjectURL(objectURL);
    };
  }, [path]);
  const ratio = file.width && file.height ? `${file.width} / ${file.height}` : '1 / 1';
  return (
    <div
      className="max-h-64 max-w-[16rem] overflow-hidden rounded-xl border border-border-light bg-surface-secondary"
      style={{ aspectRatio: ratio, width: file.width ? Math.min(file.width, 256) : 128 }}
      data-testid="message-image"
    >
      {url ? (
        <img src={url} alt={t('com_files_image_alt')} className="size-full object-cover" />
      ) : failed ? (
        <span className="flex size-full items-center justify-center p-2 text-xs text-text-tertiary">
          {t('com_files_image_unavailable')}
        </span>
      ) : null}
    </div>
  );
}

/** A sent document (for file search): its name; the model searches it, nobody views it here. */
function MessageDocument({ file }: { file: MessageFile }) {
  const { t } = useTranslation();
  return (
    <div
      className="flex max-w-[16rem] items-center gap-2 rounded-xl border border-border-light bg-surface-secondary px-3 py-2 text-sm text-text-primary"
      data-testid="message-document"
      title={t('com_files_search_searchable')}
    >
      <FileText className="size-4 shrink-0 text-text-secondary" aria-hidden />
      <span className="truncate">{file.filename ?? t('com_files_document')}</span>
    </div>
  );
}

/** The images and documents a message carries. */
export function MessageFiles({ files }: { files: readonly MessageFile[] }) {
  return (
    <div className="flex flex-wrap justify-end gap-2" data-testid="message-files">
      {files.map((f) =>
        f.type && !f.type.startsWith('image/') ? (
          <MessageDocument key={f.file_id} file={f} />
        ) : (
          <MessageImage key={f.file_id} file={f} />
        ),
      )}
    </div>
  );
}
