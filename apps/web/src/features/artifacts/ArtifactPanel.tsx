import {
  useEffect,
  useId,
  useRef,
  useState,
  useSyncExternalStore,
  type KeyboardEvent,
  type ReactNode,
} from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { Check, ChevronLeft, ChevronRight, Copy, Download, X } from 'lucide-react';
import clsx from 'clsx';
import type { Message } from '@chat/contract';
import { queryKeys } from '../../api/keys';
import { useTranslation } from '../../hooks/useTranslation';
import { copyText } from '../markdown';
import { useArtifacts } from './context';
import { ArtifactPreview } from './preview/ArtifactPreview';
import { sameArtifact, savedEntries, versionsOf, type ArtifactEntry } from './store';
import { extensionOf, typeLabel } from './types';

type Tab = 'code' | 'preview';
const TABS: readonly Tab[] = ['code', 'preview'];

function download(entry: ArtifactEntry): void {
  const blob = new Blob([entry.content], { type: 'text/plain;charset=utf-8' });
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = `${entry.identifier || 'artifact'}.${extensionOf(entry.type, entry.language)}`;
  document.body.append(a);
  a.click();
  a.remove();
  URL.revokeObjectURL(url);
}

const iconButton =
  'inline-flex size-8 items-center justify-center rounded-lg text-text-secondary transition-colors hover:bg-surface-tertiary hover:text-text-primary focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring-primary disabled:opacity-40';

/**
 * The artifact open on the chat screen: Code and Preview tabs, copy and download, and its other
 * versions (the same identifier in other replies, in order). Beside the chat from `md`, over it
 * below, with a close button; Escape closes it too.
 */
export function ArtifactPanel(): ReactNode {
  const { t } = useTranslation();
  const share = useArtifacts();
  const qc = useQueryClient();
  const store = share?.store;
  const tick = useSyncExternalStore(
    (l) => store?.subscribe(l) ?? (() => undefined),
    () => store?.version() ?? 0,
  );
  const [tab, setTab] = useState<Tab>('preview');
  const [copied, setCopied] = useState(false);
  const tabsId = useId();
  const closeRef = useRef<HTMLButtonElement>(null);
  const openKey = store?.openKey() ?? null;

  const isOpen = openKey !== null;
  useEffect(() => {
    // Opened from a card (click or Enter): the keyboard goes on in the panel. Opened by a reply
    // that finished, the focus stays where the person is typing.
    if (isOpen && document.activeElement?.closest('[data-testid="artifact-card"]')) closeRef.current?.focus();
  }, [isOpen]);
  useEffect(() => {
    if (!copied) return;
    const timer = setTimeout(() => setCopied(false), 2000);
    return () => clearTimeout(timer);
  }, [copied]);

  if (!store || !share || openKey === null) return null;
  void tick;
  const messages = qc.getQueryData<Message[]>(queryKeys.messages(share.routeId));
  const saved = savedEntries(messages);
  const drawn = store.entries();
  const current = drawn.get(openKey) ?? saved.find((e) => e.key === openKey);
  if (!current) return null;
  const versions = versionsOf(current.identifier, saved, drawn);
  const at = Math.max(
    0,
    versions.findIndex((v) => v.key === current.key || sameArtifact(v, current)),
  );
  const entry = versions[at] ?? current;
  const title = entry.title || t('com_artifacts_untitled');

  const onTabKey = (e: KeyboardEvent) => {
    if (e.key !== 'ArrowLeft' && e.key !== 'ArrowRight' && e.key !== 'Home' && e.key !== 'End') return;
    e.preventDefault();
    const next: Tab =
      e.key === 'Home' ? 'code' : e.key === 'End' ? 'preview' : tab === 'code' ? 'preview' : 'code';
    setTab(next);
    document.getElementById(`${tabsId}-${next}`)?.focus();
  };

  return (
    <aside
      aria-label={t('com_artifacts_panel')}
      data-testid="artifact-panel"
      onKeyDown={(e) => {
        if (e.key === 'Escape') {
          e.stopPropagation();
          store.close();
        }
      }}
      className="fixed inset-0 z-40 flex flex-col bg-surface-primary md:static md:inset-auto md:z-auto md:w-[min(50%,720px)] md:shrink-0 md:border-s md:border-border-light"
    >
      <header className="flex items-center gap-2 border-b border-border-light px-3 py-2">
        <div className="flex min-w-0 flex-1 flex-col">
          <h2 className="truncate text-sm font-semibold text-text-primary" data-testid="artifact-panel-title">
            {title}
          </h2>
          <span className="truncate text-xs text-text-secondary">{typeLabel(entry.type)}</span>
        </div>
        {versions.length > 1 && (
          <div className="flex items-center gap-1" data-testid="artifact-versions">
            <button
              type="button"
              className={clsx(iconButton, 'rtl:-scale-x-100')}
              aria-label={t('com_artifacts_prev_version')}
              disabled={at === 0}
              onClick={() => store.open(versions[at - 1]!.key)}
              data-testid="artifact-version-prev"
            >
              <ChevronLeft className="size-4" aria-hidden />
            </button>
            <span className="text-xs tabular-nums text-text-secondary" data-testid="artifact-version-label">
              {t('com_artifacts_version', { n: at + 1, total: versions.length })}
            </span>
            <button
              type="button"
              className={clsx(iconButton, 'rtl:-scale-x-100')}
              aria-label={t('com_artifacts_next_version')}
              disabled={at === versions.length - 1}
              onClick={() => store.open(versions[at + 1]!.key)}
              data-testid="artifact-version-next"
            >
              <ChevronRight className="size-4" aria-hidden />
            </button>
          </div>
        )}
        <button
          ref={closeRef}
          type="button"
          className={iconButton}
          aria-label={t('com_artifacts_close')}
          title={t('com_artifacts_close')}
          onClick={() => store.close()}
          data-testid="artifact-panel-close"
        >
          <X className="size-4" aria-hidden />
        </button>
      </header>
      <div className="flex items-center gap-2 border-b border-border-light px-3 py-1.5">
        <div role="tablist" aria-label={title} className="flex gap-1" onKeyDown={onTabKey}>
          {TABS.map((name) => (
            <button
              key={name}
              id={`${tabsId}-${name}`}
              type="button"
              role="tab"
              aria-selected={tab === name}
              aria-controls={`${tabsId}-panel`}
              tabIndex={tab === name ? 0 : -1}
              onClick={() => setTab(name)}
              data-testid={`artifact-tab-${name}`}
              className={clsx(
                'rounded-lg px-3 py-1 text-sm transition-colors focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring-primary',
                tab === name
                  ? 'bg-surface-tertiary font-medium text-text-primary'
                  : 'text-text-secondary hover:bg-surface-tertiary',
              )}
            >
              {name === 'code' ? t('com_artifacts_code') : t('com_artifacts_preview')}
            </button>
          ))}
        </div>
        <div className="ms-auto flex items-center gap-1">
          <button
            type="button"
            className={iconButton}
            aria-label={copied ? t('com_artifacts_copied') : t('com_artifacts_copy')}
            title={copied ? t('com_artifacts_copied') : t('com_artifacts_copy')}
            onClick={() => {
              void copyText(entry.content).then(
                () => setCopied(true),
                () => undefined,
              );
            }}
            data-testid="artifact-copy"
          >
            {copied ? <Check className="size-4" aria-hidden /> : <Copy className="size-4" aria-hidden />}
          </button>
          <button
            type="button"
            className={iconButton}
            aria-label={t('com_artifacts_download')}
            title={t('com_artifacts_download')}
            onClick={() => download(entry)}
            data-testid="artifact-download"
          >
            <Download className="size-4" aria-hidden />
          </button>
        </div>
      </div>
      <div
        id={`${tabsId}-panel`}
        role="tabpanel"
        aria-labelledby={`${tabsId}-${tab}`}
        className="min-h-0 flex-1 overflow-auto"
      >
        {tab === 'code' ? (
          <pre
            className="m-0 min-h-full whitespace-pre-wrap break-words bg-surface-secondary p-4 font-mono text-xs leading-5 text-text-primary"
            data-testid="artifact-code"
            tabIndex={0}
          >
            <code>{entry.content}</code>
          </pre>
        ) : entry.complete ? (
          <ArtifactPreview key={entry.key} artifact={entry} title={title} />
        ) : (
          <p className="p-4 text-sm text-text-secondary" role="status">
            {t('com_artifacts_generating')}
          </p>
        )}
      </div>
    </aside>
  );
}
