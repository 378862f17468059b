import { useId, useState } from 'react';
import { useTranslation } from '../../hooks/useTranslation';
import { Pencil, Plus, Trash2 } from 'lucide-react';
import type { Assistant } from '@chat/contract';
import { useDeleteAssistant } from '../../api/assistants';
import { usePlugins } from '../../api/plugins';
import { useStartupConfig } from '../../api/config';
import { Alert } from '../../components/ui/Alert';
import { Button } from '../../components/ui/Button';
import { Dialog } from '../../components/ui/Dialog';
import { Spinner } from '../../components/ui/Spinner';
import { AssistantForm, type AssistantFormProps } from './AssistantForm';

const NO_PLUGINS: readonly string[] = [];

export interface AssistantPanelProps {
  assistants: readonly Assistant[] | undefined;
  loading: boolean;
  selectedId: string | null;
  onSelect: (id: string | null) => void;
  /** The models offered to assistants. */
  models: readonly string[];
  /** The keys of the plugins the person installed (user.plugins). */
  installedPlugins: readonly string[] | undefined;
  disabled?: boolean;
}

/**
 * The /a/ view's assistant panel: which assistant replies, and its form to create,
 * edit or delete one.
 */
export function AssistantPanel({
  assistants,
  loading,
  selectedId,
  onSelect,
  models,
  installedPlugins = NO_PLUGINS,
  disabled,
}: AssistantPanelProps) {
  const { t } = useTranslation();
  const selectId = useId();
  const [mode, setMode] = useState<'view' | 'create' | 'edit'>('view');
  const [confirmDelete, setConfirmDelete] = useState(false);
  const remove = useDeleteAssistant();
  const plugins = usePlugins(installedPlugins.length > 0);
  const installed = (plugins.data ?? [])
    .filter((p) => installedPlugins.includes(p.pluginKey))
    .map((p) => ({ pluginKey: p.pluginKey, name: p.name }));
  const list = assistants ?? [];
  const selected = list.find((a) => a.id === selectedId) ?? null;

  if (mode !== 'view') {
    const editing = mode === 'edit' ? selected : null;
    return (
      <section aria-labelledby={`${selectId}-title`} className="flex flex-col gap-3">
        <h2 id={`${selectId}-title`} className="text-base font-semibold text-text-primary">
          {editing ? t('com_assistants_edit') : t('com_assistants_create')}
        </h2>
        <ConfiguredForm
          key={editing?.id ?? 'new'}
          assistant={editing}
          models={models}
          plugins={installed}
          onSaved={(a) => {
            onSelect(a.id);
            setMode('view');
          }}
          onCancel={() => setMode('view')}
        />
      </section>
    );
  }

  return (
    <section className="flex flex-col gap-3" data-testid="assistant-panel">
      <label htmlFor={selectId} className="text-sm font-medium text-text-primary">
        {t('com_assistants_select')}
      </label>
      {loading ? (
        <Spinner />
      ) : list.length === 0 ? (
        <p className="text-sm text-text-secondary" id={selectId}>
          {t('com_assistants_none')}
        </p>
      ) : (
        <select
          id={selectId}
          value={selected?.id ?? ''}
          disabled={disabled}
          onChange={(e) => onSelect(e.target.value || null)}
          data-testid="assistant-select"
          className="h-10 w-full rounded-lg border border-border-medium bg-surface-primary px-3 text-sm text-text-primary focus:outline-none focus:ring-2 focus:ring-ring-primary/30"
        >
          {!selected && <option value="">{t('com_assistants_choose')}</option>}
          {list.map((a) => (
            <option key={a.id} value={a.id}>
              {a.name || t('com_assistants_unnamed')}
            </option>
          ))}
        </select>
      )}
      {selected && (
        <div className="text-[13px] text-text-secondary" data-testid="assistant-summary">
          <p>{t('com_assistants_uses_model', { model: selected.model })}</p>
          {selected.description && <p className="mt-1 break-words">{selected.description}</p>}
        </div>
      )}
      <div className="flex flex-wrap gap-2">
        <Button size="sm" onClick={() => setMode('create')} data-testid="assistant-create">
          <Plus className="size-4" aria-hidden />
          {t('com_assistants_create')}
        </Button>
        {selected && (
          <>
            <Button
              size="sm"
              variant="secondary"
              onClick={() => setMode('edit')}
              data-testid="assistant-edit"
            >
              <Pencil className="size-4" aria-hidden />
              {t('com_assistants_edit')}
            </Button>
            <Button
              size="sm"
              variant="secondary"
              onClick={() => setConfirmDelete(true)}
              data-testid="assistant-delete"
            >
              <Trash2 className="size-4" aria-hidden />
              {t('com_ui_delete')}
            </Button>
          </>
        )}
      </div>
      {remove.error && <Alert>{t('com_assistants_delete_failed')}</Alert>}
      <Dialog
        open={confirmDelete && !!selected}
        onClose={() => setConfirmDelete(false)}
        title={t('com_assistants_delete_title')}
        description={t('com_assistants_delete_confirm', {
          name: selected?.name || t('com_assistants_unnamed'),
        })}
        data-testid="assistant-delete-dialog"
        footer={
          <>
            <Button variant="secondary" onClick={() => setConfirmDelete(false)}>
              {t('com_ui_cancel')}
            </Button>
            <Button
              variant="danger"
              loading={remove.isPending}
              data-testid="assistant-delete-confirm"
              onClick={() => {
                if (!selected) return;
                remove.mutate(selected.id, {
                  onSuccess: () => {
                    setConfirmDelete(false);
                    onSelect(null);
                  },
                });
              }}
            >
              {t('com_ui_delete')}
            </Button>
          </>
        }
      />
    </section>
  );
}

/** The form with what the server runs (GET /api/config, cached), read only once the form opens. */
function ConfiguredForm(props: Omit<AssistantFormProps, 'codeInterpreter'>) {
  const startup = useStartupConfig();
  return <AssistantForm {...props} codeInterpreter={startup.data?.codeInterpreter === true} />;
}
