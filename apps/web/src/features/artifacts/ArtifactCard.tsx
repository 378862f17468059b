import { useEffect, useRef, type ReactNode } from 'react';
import { Shapes } from 'lucide-react';
import { useTranslation } from '../../hooks/useTranslation';
import { useArtifacts } from './context';
import type { ParsedArtifact } from '@chat/contract';
import { entryKey } from './store';
import { typeLabel } from './types';

/**
 * An artifact in a reply: a compact card in place of its directive and code (title, type, "Click
 * to open"), which opens it in the panel. It tells the panel its artifact as the reply streams,
 * and opens the panel itself when an artifact it saw being written is complete.
 */
export function ArtifactCard({
  artifact,
  messageId,
  index,
}: {
  artifact: ParsedArtifact;
  messageId: string | undefined;
  index: number;
}): ReactNode {
  const { t } = useTranslation();
  const share = useArtifacts();
  const store = share?.store;
  const key = messageId ? entryKey(messageId, index) : null;
  const sawWriting = useRef(!artifact.complete);

  useEffect(() => {
    if (!store || !key || !messageId) return;
    store.put({ ...artifact, messageId, index, key });
    if (artifact.complete && sawWriting.current) {
      sawWriting.current = false;
      store.open(key);
    }
  }, [store, key, messageId, index, artifact]);

  const title = artifact.title || t('com_artifacts_untitled');
  const label = typeLabel(artifact.type);
  return (
    <button
      type="button"
      data-testid="artifact-card"
      data-identifier={artifact.identifier}
      disabled={!store || !key}
      onClick={() => key && store?.open(key)}
      className="my-2 flex w-full max-w-sm items-center gap-3 rounded-xl border border-border-medium bg-surface-primary px-3 py-2.5 text-start transition-colors hover:bg-surface-tertiary focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring-primary disabled:cursor-default"
    >
      <span
        aria-hidden
        className="flex size-9 shrink-0 items-center justify-center rounded-lg bg-surface-tertiary text-text-secondary"
      >
        <Shapes className="size-5" />
      </span>
      <span className="flex min-w-0 flex-1 flex-col">
        <span className="truncate text-sm font-medium text-text-primary" data-testid="artifact-card-title">
          {title}
        </span>
        <span className="truncate text-xs text-text-secondary">
          {label && <span data-testid="artifact-card-type">{label} · </span>}
          {artifact.complete ? t('com_artifacts_click_to_open') : t('com_artifacts_generating')}
        </span>
      </span>
    </button>
  );
}
