import { useTranslation } from '../../hooks/useTranslation';
import { AlertCircle, FileText, LoaderCircle, X } from 'lucide-react';
import { FILE_PROGRESS } from '@chat/contract';
import type { Attachment } from './useAttachments';

/** The thumbnails of the images held in the input, each with its progress and a remove button. */
export function FilePreviews({
  items,
  onRemove,
}: {
  items: readonly Attachment[];
  onRemove: (id: string) => void;
}) {
  const { t } = useTranslation();
  if (items.length === 0) return null;
  return (
    <ul
      className="flex flex-wrap gap-2 px-1 pb-2 pt-1"
      data-testid="file-previews"
      aria-label={t('com_files_attached')}
    >
      {items.map((a) => {
        const ready = a.progress >= FILE_PROGRESS.done;
        if (a.search) return <DocumentPreview key={a.id} item={a} ready={ready} onRemove={onRemove} />;
        return (
          <li
            key={a.id}
            className="relative size-14 shrink-0 overflow-hidden rounded-xl border border-border-medium bg-surface-primary"
            data-testid="file-preview"
            data-progress={a.progress}
          >
            <img src={a.preview} alt={a.name} className="size-full object-cover" />
            {!ready && (
              <div
                role="progressbar"
                aria-label={t('com_files_uploading', { name: a.name })}
                aria-valuemin={0}
                aria-valuemax={100}
                aria-valuenow={Math.round(a.progress * 100)}
                className="absolute inset-0 flex items-end bg-black/40"
              >
                <span
                  className="h-1 bg-white transition-[width] duration-300"
                  style={{ width: `${a.progress * 100}%` }}
                />
              </div>
            )}
            <button
              type="button"
              data-testid="file-remove"
              disabled={!ready}
              onClick={() => onRemove(a.id)}
              aria-label={t('com_files_remove', { name: a.name })}
              title={t('com_files_remove', { name: a.name })}
              className="absolute end-0.5 top-0.5 inline-flex size-5 items-center justify-center rounded-full bg-black/70 text-white hover:bg-black disabled:cursor-not-allowed disabled:opacity-40 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring-primary"
            >
              <X className="size-3" aria-hidden />
            </button>
          </li>
        );
      })}
    </ul>
  );
}

/**
 * A document held for file search: its name and where its reading stands (reading, or why it
 * failed); removable once the server has answered.
 */
function DocumentPreview({
  item,
  ready,
  onRemove,
}: {
  item: Attachment;
  ready: boolean;
  onRemove: (id: string) => void;
}) {
  const { t } = useTranslation();
  const state = item.search?.state ?? 'processing';
  const failed = state === 'failed';
  // Still not read when the web stopped asking: said apart from a document the server could not read.
  const late = failed && item.search?.timedOut === true;
  const label =
    state === 'processing'
      ? t('com_files_search_processing', { name: item.name })
      : late
        ? t('com_files_search_timeout', { name: item.name })
        : failed
          ? t('com_files_search_failed', { name: item.name })
          : t('com_files_search_ready', { name: item.name });
  return (
    <li
      className={
        'relative flex h-14 max-w-[16rem] shrink-0 items-center gap-2 rounded-xl border bg-surface-primary py-2 ps-2 pe-7 ' +
        (failed ? 'border-red-500/60' : 'border-border-medium')
      }
      data-testid="file-preview"
      data-kind="document"
      data-state={late ? 'timeout' : state}
      data-progress={item.progress}
      title={failed && item.search?.error ? `${label}: ${item.search.error}` : label}
    >
      <span
        className={
          'flex size-9 shrink-0 items-center justify-center rounded-lg ' +
          (failed
            ? 'bg-red-500/15 text-red-600 dark:text-red-400'
            : 'bg-surface-tertiary text-text-secondary')
        }
        aria-hidden
      >
        {state === 'processing' ? (
          <LoaderCircle className="size-5 animate-spin" />
        ) : failed ? (
          <AlertCircle className="size-5" />
        ) : (
          <FileText className="size-5" />
        )}
      </span>
      <span className="flex min-w-0 flex-col">
        <span className="truncate text-sm text-text-primary">{item.name}</span>
        <span className="truncate text-xs text-text-secondary" role="status">
          {state === 'processing'
            ? t('com_files_search_reading')
            : late
              ? t('com_files_search_timed_out')
              : failed
                ? t('com_files_search_unreadable')
                : t('com_files_search_searchable')}
        </span>
      </span>
      <button
        type="button"
        data-testid="file-remove"
        disabled={!ready}
        onClick={() => onRemove(item.id)}
        aria-label={t('com_files_remove', { name: item.name })}
        title={t('com_files_remove', { name: item.name })}
        className="absolute end-1 top-1 inline-flex size-5 items-center justify-center rounded-full bg-black/70 text-white hover:bg-black disabled:cursor-not-allowed disabled:opacity-40 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring-primary"
      >
        <X className="size-3" aria-hidden />
      </button>
    </li>
  );
}
