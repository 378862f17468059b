import { useRef } from 'react';
import { useTranslation } from '../../hooks/useTranslation';
import { FileSearch, Paperclip } from 'lucide-react';
import { FILE_SEARCH_ACCEPT, UPLOAD_LIMITS } from '@chat/contract';

const BUTTON =
  'inline-flex size-10 shrink-0 items-center justify-center rounded-full text-text-secondary transition-colors hover:bg-surface-hover hover:text-text-primary disabled:cursor-not-allowed disabled:opacity-50 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring-primary';

/**
 * Picks images from the device (several at once), and, where given `onDocuments`, documents for
 * file search (LibreChat's "Upload for File Search"): text, Markdown, code, PDF and Word files the
 * model searches rather than reads whole.
 */
export function AttachButton({
  onFiles,
  onDocuments,
  disabled,
}: {
  onFiles: (files: File[]) => void;
  onDocuments?: ((files: File[]) => void) | undefined;
  disabled: boolean;
}) {
  const { t } = useTranslation();
  const input = useRef<HTMLInputElement>(null);
  const docs = useRef<HTMLInputElement>(null);
  return (
    <>
      {onDocuments && (
        <>
          <button
            type="button"
            data-testid="attach-search-button"
            disabled={disabled}
            onClick={() => docs.current?.click()}
            aria-label={t('com_files_upload_for_search')}
            title={t('com_files_upload_for_search')}
            className={BUTTON}
          >
            <FileSearch className="size-5" aria-hidden />
          </button>
          <input
            ref={docs}
            type="file"
            multiple
            hidden
            data-testid="search-file-input"
            accept={FILE_SEARCH_ACCEPT}
            onChange={(e) => {
              onDocuments([...(e.target.files ?? [])]);
              e.target.value = '';
            }}
          />
        </>
      )}
      <button
        type="button"
        data-testid="attach-button"
        disabled={disabled}
        onClick={() => input.current?.click()}
        aria-label={t('com_files_attach')}
        title={t('com_files_attach')}
        className={BUTTON}
      >
        <Paperclip className="size-5" aria-hidden />
      </button>
      <input
        ref={input}
        type="file"
        multiple
        hidden
        data-testid="file-input"
        accept={UPLOAD_LIMITS.imageTypes.join(',')}
        onChange={(e) => {
          onFiles([...(e.target.files ?? [])]);
          e.target.value = '';
        }}
      />
    </>
  );
}
