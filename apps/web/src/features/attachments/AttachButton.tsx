import { useRef } from 'react';
import { useTranslation } from '../../hooks/useTranslation';
import { Paperclip } from 'lucide-react';
import { UPLOAD_LIMITS } from '@chat/contract';

/** Picks images from the device (several at once). */
export function AttachButton({ onFiles, disabled }: { onFiles: (files: File[]) => void; disabled: boolean }) {
  const { t } = useTranslation();
  const input = useRef<HTMLInputElement>(null);
  return (
    <>
      <button
        type="button"
        data-testid="attach-button"
        disabled={disabled}
        onClick={() => input.current?.click()}
        aria-label={t('com_files_attach')}
        title={t('com_files_attach')}
        className="inline-flex size-10 shrink-0 items-center justify-center rounded-full text-text-secondary transition-colors hover:bg-surface-hover hover:text-text-primary disabled:cursor-not-allowed disabled:opacity-50 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring-primary"
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
