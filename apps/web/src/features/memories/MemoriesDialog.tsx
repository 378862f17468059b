import { lazy, Suspense, useState } from 'react';
import { Pencil, Plus, Trash2 } from 'lucide-react';
import clsx from 'clsx';
import type { MemoriesList, MemoryEntry } from '@chat/contract';
import { Button } from '../../components/ui/Button';
import { ConfirmDialog } from '../../components/ui/ConfirmDialog';
import { Dialog } from '../../components/ui/Dialog';
import { IconButton } from '../../components/ui/IconButton';
import { Spinner } from '../../components/ui/Spinner';
import { useToast } from '../../components/ui/Toast';
import { formatNumber } from '../../config/locale';
import { useTranslation } from '../../hooks/useTranslation';
import { useDeleteMemory, useMemories, useMemoryConfig, useMemoryPreference } from './api';

const MemoryEditDialog = lazy(() => import('./MemoryEditDialog'));

/** What the dialog has open over it: a memory's form (a new one without `memory`), or a deletion to confirm. */
type Over = { kind: 'edit'; memory?: MemoryEntry } | { kind: 'delete'; memory: MemoryEntry } | null;

/** "Use memories": the person's own switch, offered where librechat.yaml's `personalize` lets them choose. */
function UseMemoriesSwitch({ on }: { on: boolean }) {
  const { t } = useTranslation();
  const toast = useToast();
  const preference = useMemoryPreference();
  const label = t('com_ui_use_memory');
  return (
    <div className="flex items-center justify-between gap-4 border-b border-border-light pb-3">
      <div className="min-w-0">
        <div className="text-sm text-text-primary">{label}</div>
        <div className="mt-0.5 text-xs text-text-secondary">{t('com_ui_use_memory_hint')}</div>
      </div>
      <button
        type="button"
        role="switch"
        aria-checked={on}
        aria-label={label}
        data-testid="memories-use"
        disabled={preference.isPending}
        onClick={() =>
          preference.mutate(!on, {
            onError: () => toast.show({ message: t('com_ui_memory_preference_error'), severity: 'error' }),
          })
        }
        className={clsx(
          'relative inline-flex h-6 w-11 shrink-0 items-center rounded-full transition-colors',
          'focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring-primary',
          on ? 'bg-surface-submit' : 'bg-border-medium',
        )}
      >
        <span
          aria-hidden
          className={clsx(
            'inline-block size-5 rounded-full bg-white shadow transition-transform',
            on
              ? 'translate-x-[1.375rem] rtl:-translate-x-[1.375rem]'
              : 'translate-x-0.5 rtl:-translate-x-0.5',
          )}
        />
      </button>
    </div>
  );
}

/** The tokens used against the token limit, as a bar and in words; nothing without a limit. */
function UsageBar({ list }: { list: MemoriesList }) {
  const { t, i18n } = useTranslation();
  if (list.tokenLimit === null || list.usagePercentage === null) return null;
  const text = t('com_ui_memory_usage', {
    used: formatNumber(list.totalTokens, i18n.language),
    limit: formatNumber(list.tokenLimit, i18n.language),
    percent: formatNumber(list.usagePercentage, i18n.language),
  });
  return (
    <div className="flex flex-col gap-1.5" data-testid="memories-usage">
      <div
        role="meter"
        aria-label={t('com_ui_memory_usage_label')}
        aria-valuemin={0}
        aria-valuemax={list.tokenLimit}
        aria-valuenow={Math.min(list.totalTokens, list.tokenLimit)}
        aria-valuetext={text}
        className="h-2 w-full overflow-hidden rounded-full bg-surface-tertiary"
      >
        <div
          className={clsx(
            'h-full rounded-full',
            list.usagePercentage >= 90
              ? 'bg-surface-danger'
              : list.usagePercentage >= 75
                ? 'bg-amber-500'
                : 'bg-surface-submit',
          )}
          style={{ width: `${list.usagePercentage}%` }}
        />
      </div>
      <span className="text-xs text-text-secondary">{text}</span>
    </div>
  );
}

/**
 * Settings → Memories: the "Use memories" switch, the usage against the token limit, and the
 * person's memories newest first, each with its value and tokens, to edit or delete; a new one
 * is added from the footer.
 */
export default function MemoriesDialog({ onClose }: { onClose: () => void }) {
  const { t, i18n } = useTranslation();
  const toast = useToast();
  const config = useMemoryConfig();
  const memories = useMemories();
  const remove = useDeleteMemory();
  const [over, setOver] = useState<Over>(null);
  const list = memories.data;

  const confirmDelete = (memory: MemoryEntry) =>
    remove.mutate(memory.key, {
      onSuccess: () => {
        toast.show({ message: t('com_ui_memory_deleted'), severity: 'success' });
        setOver(null);
      },
      onError: () => toast.show({ message: t('com_ui_memory_delete_error'), severity: 'error' }),
    });

  return (
    <Dialog
      open
      onClose={onClose}
      title={t('com_ui_memories')}
      size="sheet"
      data-testid="memories-dialog"
      footer={
        <Button onClick={() => setOver({ kind: 'edit' })} disabled={!list} data-testid="memories-new">
          <Plus className="size-4" aria-hidden />
          {t('com_ui_memory_add')}
        </Button>
      }
    >
      {memories.isPending && (
        <div className="flex justify-center py-6 text-text-tertiary">
          <Spinner />
        </div>
      )}
      {memories.isError && <p className="text-sm text-text-danger">{t('com_ui_memories_load_error')}</p>}
      {list && (
        <div className="flex flex-col gap-4">
          {config?.personalize !== false && <UseMemoriesSwitch on={list.personalization.memories} />}
          <UsageBar list={list} />
          {list.memories.length === 0 && (
            <p className="text-sm text-text-secondary">{t('com_ui_no_memories')}</p>
          )}
          <ul className="divide-y divide-border-light">
            {list.memories.map((memory) => (
              <li key={memory.key} className="flex items-start gap-2 py-2" data-testid="memory-row">
                <div className="min-w-0 flex-1">
                  <span
                    className="block break-words text-sm font-medium text-text-primary"
                    data-testid="memory-row-key"
                  >
                    {memory.key}
                  </span>
                  <span
                    className="block whitespace-pre-wrap break-words text-sm text-text-secondary"
                    data-testid="memory-row-value"
                  >
                    {memory.value}
                  </span>
                  <span className="block text-xs text-text-tertiary">
                    {t('com_ui_memory_tokens', { tokens: formatNumber(memory.tokenCount, i18n.language) })}
                  </span>
                </div>
                <IconButton
                  size="sm"
                  label={t('com_ui_memory_edit_named', { name: memory.key })}
                  onClick={() => setOver({ kind: 'edit', memory })}
                  data-testid="memory-row-edit"
                >
                  <Pencil className="size-4" aria-hidden />
                </IconButton>
                <IconButton
                  size="sm"
                  label={t('com_ui_memory_delete_named', { name: memory.key })}
                  onClick={() => setOver({ kind: 'delete', memory })}
                  data-testid="memory-row-delete"
                >
                  <Trash2 className="size-4" aria-hidden />
                </IconButton>
              </li>
            ))}
          </ul>
        </div>
      )}
      {over?.kind === 'edit' && list && (
        <Suspense fallback={null}>
          <MemoryEditDialog
            memory={over.memory}
            charLimit={list.charLimit}
            validKeys={config?.validKeys}
            onClose={() => setOver(null)}
          />
        </Suspense>
      )}
      {over?.kind === 'delete' && (
        <ConfirmDialog
          title={t('com_ui_memory_delete')}
          description={t('com_ui_memory_delete_confirm', { name: over.memory.key })}
          pending={remove.isPending}
          onConfirm={() => confirmDelete(over.memory)}
          onClose={() => setOver(null)}
          data-testid="memory-delete-dialog"
        />
      )}
    </Dialog>
  );
}
