import { useRef, useState, type ChangeEvent } from 'react';
import { ChevronLeft, ChevronRight, Plus, Upload, Users } from 'lucide-react';
import {
  PROMPT_CATEGORIES,
  PROMPT_LIMITS,
  PROMPT_SYSTEM_CATEGORIES,
  promptExportSchema,
  type PromptGroup,
} from '@chat/contract';
import { Button } from '../../components/ui/Button';
import { Dialog } from '../../components/ui/Dialog';
import { IconButton } from '../../components/ui/IconButton';
import { Spinner } from '../../components/ui/Spinner';
import { TextField } from '../../components/ui/TextField';
import { useToast } from '../../components/ui/Toast';
import { formatNumber } from '../../config/locale';
import { useDebouncedValue } from '../../hooks/useDebouncedValue';
import { useTranslation } from '../../hooks/useTranslation';
import { useImportPrompts, usePromptGroupsPage, usePromptsPolicy } from './api';
import { categoryKey, SelectField } from './fields';
import { NewPromptForm } from './NewPromptForm';
import { PromptGroupView } from './PromptGroupView';

type View = { kind: 'list' } | { kind: 'group'; groupId: string } | { kind: 'new' };

const PAGE_SIZE = 20;

/**
 * The prompt library (opened from the sidebar): the groups the person sees, searched by name and
 * filtered by category, a page at a time; one group's versions to edit; a new group; an import.
 * One pane at a time, so it works the same on a phone.
 */
export default function PromptsDialog({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation();
  const [view, setView] = useState<View>({ kind: 'list' });
  const title = view.kind === 'new' ? t('com_ui_prompt_new') : t('com_ui_prompts');
  return (
    <Dialog open onClose={onClose} title={title} size="wide" data-testid="prompts-dialog">
      {view.kind === 'list' && (
        <PromptList
          onOpen={(groupId) => setView({ kind: 'group', groupId })}
          onNew={() => setView({ kind: 'new' })}
        />
      )}
      {view.kind === 'group' && (
        <PromptGroupView groupId={view.groupId} onBack={() => setView({ kind: 'list' })} />
      )}
      {view.kind === 'new' && (
        <NewPromptForm
          onCancel={() => setView({ kind: 'list' })}
          onCreated={(groupId) => setView({ kind: 'group', groupId })}
        />
      )}
    </Dialog>
  );
}

function PromptList({ onOpen, onNew }: { onOpen: (groupId: string) => void; onNew: () => void }) {
  const { t, i18n } = useTranslation();
  const toast = useToast();
  const [name, setName] = useState('');
  const [category, setCategory] = useState<string>(PROMPT_SYSTEM_CATEGORIES.all);
  const [pageNumber, setPageNumber] = useState(1);
  const searched = useDebouncedValue(name.trim(), 250);
  const page = usePromptGroupsPage({
    pageNumber,
    pageSize: PAGE_SIZE,
    ...(searched ? { name: searched } : {}),
    category,
  });
  const pages = Math.max(1, Number(page.data?.pages ?? 1));
  const fileRef = useRef<HTMLInputElement>(null);
  const importer = useImportPrompts();
  const mayCreate = usePromptsPolicy().create;

  const onFile = async (e: ChangeEvent<HTMLInputElement>) => {
    const file = e.target.files?.[0];
    e.target.value = '';
    if (!file) return;
    const failed = () => toast.show({ message: t('com_ui_prompt_import_error'), severity: 'error' });
    const text = await file.text();
    if (text.length > PROMPT_LIMITS.importMaxChars) return failed();
    let data: unknown;
    try {
      data = JSON.parse(text);
    } catch {
      return failed();
    }
    const parsed = promptExportSchema.safeParse(data);
    if (!parsed.success) return failed();
    importer.mutate(parsed.data, {
      onSuccess: (made) => {
        toast.show({ message: t('com_ui_prompt_import_success'), severity: 'success' });
        onOpen(made.group._id);
      },
      onError: failed,
    });
  };

  return (
    <div className="flex flex-col gap-4">
      {mayCreate && (
        <div className="flex flex-wrap gap-2">
          <Button onClick={onNew} data-testid="prompts-new">
            <Plus className="size-4" aria-hidden />
            {t('com_ui_prompt_new')}
          </Button>
          <Button
            variant="secondary"
            loading={importer.isPending}
            onClick={() => fileRef.current?.click()}
            data-testid="prompts-import"
          >
            <Upload className="size-4" aria-hidden />
            {t('com_ui_import')}
          </Button>
          <input
            ref={fileRef}
            type="file"
            accept="application/json,.json"
            className="hidden"
            tabIndex={-1}
            aria-hidden
            onChange={(e) => void onFile(e)}
            data-testid="prompts-import-file"
          />
        </div>
      )}
      <div className="grid gap-3 sm:grid-cols-[1fr_14rem]">
        <TextField
          type="search"
          label={t('com_ui_prompt_search')}
          value={name}
          onChange={(e) => {
            setName(e.target.value);
            setPageNumber(1);
          }}
          maxLength={PROMPT_LIMITS.filterMaxChars}
          autoComplete="off"
          data-testid="prompts-search"
        />
        <SelectField
          label={t('com_ui_prompt_category')}
          value={category}
          onChange={(e) => {
            setCategory(e.target.value);
            setPageNumber(1);
          }}
          data-testid="prompts-category"
        >
          <option value={PROMPT_SYSTEM_CATEGORIES.all}>{t('com_ui_prompt_all_categories')}</option>
          <option value={PROMPT_SYSTEM_CATEGORIES.mine}>{t('com_ui_prompt_my_prompts')}</option>
          <option value={PROMPT_SYSTEM_CATEGORIES.shared}>{t('com_ui_prompt_shared_prompts')}</option>
          <option value={PROMPT_SYSTEM_CATEGORIES.none}>{t('com_ui_prompt_no_category')}</option>
          {PROMPT_CATEGORIES.map((c) => (
            <option key={c} value={c}>
              {t(categoryKey(c))}
            </option>
          ))}
        </SelectField>
      </div>
      {page.isPending && (
        <div className="flex justify-center py-6 text-text-tertiary">
          <Spinner />
        </div>
      )}
      {page.isError && <p className="text-sm text-text-danger">{t('com_ui_prompt_load_error')}</p>}
      {page.isSuccess && page.data.promptGroups.length === 0 && (
        <p className="text-sm text-text-secondary">{t('com_ui_prompt_none')}</p>
      )}
      <ul className="divide-y divide-border-light" aria-busy={page.isFetching || undefined}>
        {page.data?.promptGroups.map((group) => (
          <li key={group._id}>
            <GroupRow group={group} onOpen={() => onOpen(group._id)} />
          </li>
        ))}
      </ul>
      {pages > 1 && (
        <nav className="flex items-center justify-center gap-3" aria-label={t('com_ui_prompts')}>
          <IconButton
            size="sm"
            label={t('com_ui_prompt_previous')}
            disabled={pageNumber <= 1}
            onClick={() => setPageNumber((n) => n - 1)}
          >
            <ChevronLeft className="size-4 rtl:-scale-x-100" aria-hidden />
          </IconButton>
          <span className="text-sm text-text-secondary" aria-live="polite">
            {t('com_ui_prompt_page', {
              page: formatNumber(pageNumber, i18n.language),
              pages: formatNumber(pages, i18n.language),
            })}
          </span>
          <IconButton
            size="sm"
            label={t('com_ui_prompt_next')}
            disabled={pageNumber >= pages}
            onClick={() => setPageNumber((n) => n + 1)}
          >
            <ChevronRight className="size-4 rtl:-scale-x-100" aria-hidden />
          </IconButton>
        </nav>
      )}
    </div>
  );
}

function GroupRow({ group, onOpen }: { group: PromptGroup; onOpen: () => void }) {
  const { t } = useTranslation();
  return (
    <button
      type="button"
      onClick={onOpen}
      className="flex w-full flex-col gap-0.5 rounded-lg px-2 py-2.5 text-start hover:bg-surface-tertiary focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring-primary"
      data-testid="prompt-row"
    >
      <span className="flex min-w-0 items-center gap-2">
        <span className="truncate text-sm font-medium text-text-primary" data-testid="prompt-row-name">
          {group.name}
        </span>
        {group.command && (
          <span className="shrink-0 text-xs text-text-secondary" dir="ltr">
            /{group.command}
          </span>
        )}
        {group.isPublic && (
          <span className="ms-auto inline-flex shrink-0 items-center gap-1 rounded-full bg-surface-tertiary px-2 text-xs text-text-secondary">
            <Users className="size-3" aria-hidden />
            {t('com_ui_prompt_shared_badge')}
          </span>
        )}
      </span>
      <span className="truncate text-xs text-text-secondary">
        {group.oneliner || group.productionPrompt?.prompt}
      </span>
    </button>
  );
}
