import { useRef, useState, type DragEvent, type ReactNode } from 'react';
import { useTranslation } from '../../hooks/useTranslation';
import { ImagePlus } from 'lucide-react';

const hasFiles = (e: DragEvent) => [...e.dataTransfer.types].includes('Files');

/** Files dropped anywhere on the chat: an "Add anything" overlay while they are dragged over. */
export function DropZone({
  onFiles,
  disabled,
  children,
  className,
}: {
  onFiles: (files: File[]) => void;
  disabled: boolean;
  children: ReactNode;
  className?: string;
}) {
  const { t } = useTranslation();
  const [over, setOver] = useState(false);
  const depth = useRef(0);
  const leave = () => {
    depth.current = 0;
    setOver(false);
  };
  return (
    <div
      className={className}
      data-testid="chat-view"
      onDragEnter={(e) => {
        if (disabled || !hasFiles(e)) return;
        e.preventDefault();
        depth.current += 1;
        setOver(true);
      }}
      onDragOver={(e) => {
        if (disabled || !hasFiles(e)) return;
        e.preventDefault();
        e.dataTransfer.dropEffect = 'copy';
      }}
      onDragLeave={() => {
        if (depth.current > 0 && --depth.current === 0) setOver(false);
      }}
      onDrop={(e) => {
        if (disabled || !hasFiles(e)) return;
        e.preventDefault();
        leave();
        onFiles([...e.dataTransfer.files]);
      }}
    >
      {children}
      {over && (
        <div
          data-testid="drop-overlay"
          className="pointer-events-none absolute inset-0 z-40 flex bg-surface-primary p-4 text-center"
        >
          <div className="flex flex-1 flex-col items-center justify-center gap-3 rounded-2xl border-2 border-dashed border-border-heavy">
            <ImagePlus className="size-12 text-text-secondary" aria-hidden />
            <p className="text-lg font-semibold text-text-primary">{t('com_files_drop_title')}</p>
            <p className="px-4 text-sm text-text-secondary">{t('com_files_drop_hint')}</p>
          </div>
        </div>
      )}
    </div>
  );
}
