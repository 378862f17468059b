import { useTranslation } from '../../hooks/useTranslation';
import { X } from 'lucide-react';
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
