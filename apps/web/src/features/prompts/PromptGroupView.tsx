import { useEffect, useRef, useState, type FormEvent } from 'react';
import { ArrowLeft, Download, Star, Trash2 } from 'lucide-react';
import { PROMPT_LIMITS, PROMPTS_GLOBAL_PROJECT_ID, type Prompt, type PromptGroup } from '@chat/contract';
import { Button } from '../../components/ui/Button';
import { ConfirmDialog } from '../../components/ui/ConfirmDialog';
import { Spinner } from '../../components/ui/Spinner';
import { TextField } from '../../components/ui/TextField';
import { useToast } from '../../components/ui/Toast';
import { formatDate } from '../../config/locale';
import { useTranslation } from '../../hooks/useTranslation';
import { useAuth } from '../auth';
import {
  useCreatePrompt,
  useDeletePrompt,
  useDeletePromptGroup,
  useMakeProduction,
  usePromptGroup,
  usePromptsPolicy,
  usePromptVersions,
  useUpdatePromptGroup,
} from './api';
import { downloadJson, exportFileName, toExportFile } from './export-file';
import { CategoryOptions, SelectField, TextAreaField, VariablesHint } from './fields';
import { checkCommand, checkName, checkPrompt, commandInput, type FieldErrors } from './form-rules';

/**
 * One group: its fields (the owner edits them and shares the group with everyone), its versions
 * newest first with the production one marked (the owner makes another one production, deletes
 * one, saves a new one), its export, and its deletion. Someone else's shared group is read-only.
 */
export function PromptGroupView({ groupId, onBack }: { groupId: string; onBack: () => void }) {
  const { t } = useTranslation();
  const { user } = useAuth();
  const group = usePromptGroup(groupId);
  const versions = usePromptVersions(groupId);
  const backRef = useRef<HTMLButtonElement>(null);
  useEffect(() => backRef.current?.focus(), []);

  const owner = group.data !== undefined && group.data.author === user?.id;
  return (
    <div className="flex flex-col gap-5" data-testid="prompt-group">
      <div>
        <Button ref={backRef} variant="ghost" size="sm" onClick={onBack} data-testid="prompt-back">
          <ArrowLeft className="size-4 rtl:-scale-x-100" aria-hidden />
          {t('com_ui_back')}
        </Button>
      </div>
      {(group.isPending || versions.isPending) && (
        <div className="flex justify-center py-6 text-text-tertiary">
          <Spinner />
        </div>
      )}
      {(group.isError || versions.isError) && (
        <p className="text-sm text-text-danger">{t('com_ui_prompt_load_error')}</p>
      )}
      {group.data && versions.data && (
        <>
          {owner ? (
            <GroupFields group={group.data} />
          ) : (
            <div className="flex flex-col gap-1">
              <h3 className="text-lg font-semibold text-text-primary">{group.data.name}</h3>
              {group.data.oneliner && <p className="text-sm text-text-secondary">{group.data.oneliner}</p>}
              <p className="text-xs text-text-secondary">
                {t('com_ui_prompt_by', { name: group.data.authorName })} · {t('com_ui_prompt_read_only')}
              </p>
            </div>
          )}
          <Versions group={group.data} versions={versions.data} owner={owner} />
          <GroupActions group={group.data} versions={versions.data} owner={owner} onDeleted={onBack} />
        </>
      )}
    </div>
  );
}

function GroupFields({ group }: { group: PromptGroup }) {
  const { t } = useTranslation();
  const toast = useToast();
  const update = useUpdatePromptGroup();
  const [name, setName] = useState(group.name);
  const [oneliner, setOneliner] = useState(group.oneliner);
  const [category, setCategory] = useState(group.category);
  const [command, setCommand] = useState(group.command ?? '');
  const [errors, setErrors] = useState<FieldErrors>({});
  // Sharing with everyone as the operator allows it; a shared group can always be unshared.
  const mayShare = usePromptsPolicy().public || group.isPublic;
  const failed = () => toast.show({ message: t('com_ui_prompt_save_error'), severity: 'error' });

  const save = (e: FormEvent) => {
    e.preventDefault();
    const found: FieldErrors = {};
    checkName(name, found);
    checkCommand(command, found);
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    update.mutate(
      { groupId: group._id, body: { name, oneliner, category, command: command.trim() || null } },
      {
        onSuccess: () => toast.show({ message: t('com_ui_prompt_saved'), severity: 'success' }),
        onError: failed,
      },
    );
  };
  const share = (on: boolean) =>
    update.mutate(
      {
        groupId: group._id,
        body: on
          ? { projectIds: [PROMPTS_GLOBAL_PROJECT_ID] }
          : { removeProjectIds: [PROMPTS_GLOBAL_PROJECT_ID] },
      },
      { onError: failed },
    );

  return (
    <form onSubmit={save} noValidate className="flex flex-col gap-4" data-testid="prompt-group-form">
      <TextField
        label={t('com_ui_prompt_name')}
        value={name}
        onChange={(e) => setName(e.target.value)}
        error={errors.name ? t(errors.name) : undefined}
        maxLength={PROMPT_LIMITS.nameMaxChars}
        autoComplete="off"
        data-testid="prompt-name"
      />
      <TextField
        label={t('com_ui_prompt_oneliner')}
        value={oneliner}
        onChange={(e) => setOneliner(e.target.value)}
        maxLength={PROMPT_LIMITS.onelinerMaxChars}
        autoComplete="off"
        data-testid="prompt-oneliner"
      />
      <div className="grid gap-4 sm:grid-cols-2">
        <SelectField
          label={t('com_ui_prompt_category')}
          value={category}
          onChange={(e) => setCategory(e.target.value)}
          data-testid="prompt-category"
        >
          <CategoryOptions current={category} />
        </SelectField>
        <TextField
          label={t('com_ui_prompt_command')}
          value={command}
          onChange={(e) => setCommand(commandInput(e.target.value))}
          error={errors.command ? t(errors.command) : undefined}
          maxLength={PROMPT_LIMITS.commandMaxChars}
          autoComplete="off"
          dir="ltr"
          data-testid="prompt-command"
        />
      </div>
      {mayShare && (
        <label className="flex items-center gap-2 text-sm text-text-primary">
          <input
            type="checkbox"
            checked={group.isPublic}
            disabled={update.isPending}
            onChange={(e) => share(e.target.checked)}
            className="size-4 accent-current"
            data-testid="prompt-share"
          />
          {t('com_ui_prompt_share')}
        </label>
      )}
      <div className="flex justify-end">
        <Button type="submit" loading={update.isPending} data-testid="prompt-save">
          {t('com_ui_save')}
        </Button>
      </div>
    </form>
  );
}

function Versions({ group, versions, owner }: { group: PromptGroup; versions: Prompt[]; owner: boolean }) {
  const { t, i18n } = useTranslation();
  const toast = useToast();
  const create = useCreatePrompt();
  const production = useMakeProduction();
  const remove = useDeletePrompt();
  const [draft, setDraft] = useState(group.productionPrompt?.prompt ?? '');
  const [errors, setErrors] = useState<FieldErrors>({});
  const failed = () => toast.show({ message: t('com_ui_prompt_save_error'), severity: 'error' });

  const saveVersion = (e: FormEvent) => {
    e.preventDefault();
    const found: FieldErrors = {};
    checkPrompt(draft, found);
    setErrors(found);
    if (found.prompt) return;
    const type = group.productionPrompt?.type ?? 'text';
    create.mutate(
      { prompt: { prompt: draft, type, groupId: group._id } },
      {
        onSuccess: () => toast.show({ message: t('com_ui_prompt_saved'), severity: 'success' }),
        onError: failed,
      },
    );
  };

  return (
    <section className="flex flex-col gap-3" aria-labelledby={`${group._id}-versions`}>
      <h3 id={`${group._id}-versions`} className="text-sm font-semibold text-text-primary">
        {t('com_ui_prompt_versions')}
      </h3>
      <ol className="flex flex-col gap-2">
        {versions.map((v) => {
          const isProduction = v._id === group.productionId;
          return (
            <li
              key={v._id}
              className="flex flex-col gap-2 rounded-lg border border-border-light p-3"
              data-testid="prompt-version"
              data-production={isProduction || undefined}
            >
              <div className="flex flex-wrap items-center gap-2 text-xs text-text-secondary">
                <span>
                  {formatDate(v.createdAt, i18n.language, { dateStyle: 'medium', timeStyle: 'short' })}
                </span>
                <span>· {t(v.type === 'chat' ? 'com_ui_prompt_type_chat' : 'com_ui_prompt_type_text')}</span>
                {isProduction && (
                  <span className="inline-flex items-center gap-1 rounded-full bg-surface-active px-2 text-text-primary">
                    <Star className="size-3" aria-hidden />
                    {t('com_ui_prompt_production')}
                  </span>
                )}
              </div>
              <p className="max-h-40 overflow-y-auto whitespace-pre-wrap break-words text-sm text-text-primary">
                {v.prompt}
              </p>
              {owner && (
                <div className="flex flex-wrap gap-2">
                  {!isProduction && (
                    <Button
                      size="sm"
                      variant="secondary"
                      loading={production.isPending && production.variables === v._id}
                      onClick={() => production.mutate(v._id, { onError: failed })}
                      data-testid="prompt-make-production"
                    >
                      {t('com_ui_prompt_make_production')}
                    </Button>
                  )}
                  {versions.length > 1 && (
                    <Button
                      size="sm"
                      variant="ghost"
                      loading={remove.isPending && remove.variables === v._id}
                      onClick={() => remove.mutate(v._id, { onError: failed })}
                      data-testid="prompt-delete-version"
                    >
                      <Trash2 className="size-4" aria-hidden />
                      {t('com_ui_prompt_delete_version')}
                    </Button>
                  )}
                </div>
              )}
            </li>
          );
        })}
      </ol>
      {owner && (
        <form onSubmit={saveVersion} noValidate className="flex flex-col gap-2">
          <TextAreaField
            label={t('com_ui_prompt_new_version')}
            value={draft}
            onChange={(e) => setDraft(e.target.value)}
            hint={<VariablesHint />}
            error={errors.prompt ? t(errors.prompt) : undefined}
            rows={5}
            data-testid="prompt-version-text"
          />
          <div className="flex justify-end">
            <Button type="submit" loading={create.isPending} data-testid="prompt-save-version">
              {t('com_ui_prompt_save_version')}
            </Button>
          </div>
        </form>
      )}
    </section>
  );
}

function GroupActions({
  group,
  versions,
  owner,
  onDeleted,
}: {
  group: PromptGroup;
  versions: Prompt[];
  owner: boolean;
  onDeleted: () => void;
}) {
  const { t } = useTranslation();
  const toast = useToast();
  const remove = useDeletePromptGroup();
  const [confirming, setConfirming] = useState(false);
  return (
    <div className="flex flex-wrap justify-between gap-2 border-t border-border-light pt-4">
      <Button
        variant="secondary"
        onClick={() => downloadJson(exportFileName(group), toExportFile(group, versions))}
        data-testid="prompt-export"
      >
        <Download className="size-4" aria-hidden />
        {t('com_ui_prompt_export')}
      </Button>
      {owner && (
        <Button variant="danger" onClick={() => setConfirming(true)} data-testid="prompt-delete">
          <Trash2 className="size-4" aria-hidden />
          {t('com_ui_prompt_delete')}
        </Button>
      )}
      {confirming && (
        <ConfirmDialog
          title={t('com_ui_prompt_delete')}
          description={t('com_ui_prompt_delete_confirm', { name: group.name })}
          pending={remove.isPending}
          onConfirm={() =>
            remove.mutate(group._id, {
              onSuccess: () => {
                toast.show({ message: t('com_ui_prompt_deleted'), severity: 'success' });
                setConfirming(false);
                onDeleted();
              },
              onError: () => toast.show({ message: t('com_ui_prompt_save_error'), severity: 'error' }),
            })
          }
          onClose={() => setConfirming(false)}
          data-testid="prompt-delete-dialog"
        />
      )}
    </div>
  );
}
