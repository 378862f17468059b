import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from '../../hooks/useTranslation';
import clsx from 'clsx';
import type { Assistant, Plugin } from '@chat/contract';
import { useCreateAssistant, useUpdateAssistant } from '../../api/assistants';
import { ApiError } from '../../api/http';
import { Alert } from '../../components/ui/Alert';
import { Button } from '../../components/ui/Button';
import { CheckField } from '../../components/ui/CheckField';
import {
  TEXT_LIMITS,
  bodyOf,
  defaultAssistantModel,
  emptyValues,
  overLimit,
  valuesOf,
  type AssistantFormValues,
  type AssistantTextField,
} from './assistant-form';

export interface AssistantFormProps {
  /** The assistant edited; null creates one. */
  assistant: Assistant | null;
  /** The models offered to assistants (GET /api/models `assistant`). */
  models: readonly string[];
  /** The plugins the person installed, offered as function tools. */
  plugins: readonly Pick<Plugin, 'pluginKey' | 'name'>[];
  /** The server runs the code interpreter: code_interpreter is offered. */
  codeInterpreter?: boolean;
  onSaved: (a: Assistant) => void;
  onCancel: () => void;
}

const inputClass =
  'w-full rounded-lg border bg-surface-primary px-3 py-2 text-sm text-text-primary placeholder:text-text-tertiary focus:outline-none focus:ring-2';

/** Assistant form: create or edit an assistant (name, description, instructions, model, tools). */
export function AssistantForm({
  assistant,
  models,
  plugins,
  codeInterpreter = false,
  onSaved,
  onCancel,
}: AssistantFormProps) {
  const { t } = useTranslation();
  const [values, setValues] = useState<AssistantFormValues>(() =>
    assistant ? valuesOf(assistant) : emptyValues(models),
  );
  // A new assistant's model follows the offered list when it arrives after the form opened (the
  // default chosen without it may not be offered); a model the person picked is in the list.
  const modelsKey = models.join('\n');
  const [seenModels, setSeenModels] = useState(modelsKey);
  if (seenModels !== modelsKey) {
    setSeenModels(modelsKey);
    if (!assistant && models.length > 0 && !models.includes(values.model)) {
      setValues((v) => ({ ...v, model: defaultAssistantModel(models) }));
    }
  }
  const create = useCreateAssistant();
  const update = useUpdateAssistant();
  const saving = create.isPending || update.isPending;
  const error = create.error ?? update.error;
  const over = overLimit(values);
  const set = <K extends keyof AssistantFormValues>(key: K, value: AssistantFormValues[K]) =>
    setValues((v) => ({ ...v, [key]: value }));
  // The assistant's own model stays offered even when the server no longer lists it.
  const modelOptions = models.includes(values.model) ? models : [values.model, ...models];
  const pluginOptions = [
    ...plugins,
    ...values.functions
      .filter((k) => !plugins.some((p) => p.pluginKey === k))
      .map((k) => ({ pluginKey: k, name: k })),
  ];

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (over.length > 0 || saving) return;
    const body = bodyOf(values);
    create.reset();
    update.reset();
    if (assistant) update.mutate({ id: assistant.id, body }, { onSuccess: onSaved });
    else create.mutate(body, { onSuccess: onSaved });
  };

  return (
    <form onSubmit={submit} noValidate className="flex flex-col gap-4" data-testid="assistant-form">
      <CountedField
        field="name"
        label={t('com_assistants_name')}
        value={values.name}
        onChange={(v) => set('name', v)}
        placeholder={t('com_assistants_name_placeholder')}
      />
      <CountedField
        field="description"
        label={t('com_assistants_description')}
        value={values.description}
        onChange={(v) => set('description', v)}
        placeholder={t('com_assistants_description_placeholder')}
        rows={2}
      />
      <CountedField
        field="instructions"
        label={t('com_assistants_instructions')}
        value={values.instructions}
        onChange={(v) => set('instructions', v)}
        placeholder={t('com_assistants_instructions_placeholder')}
        rows={5}
      />
      <ModelSelect value={values.model} options={modelOptions} onChange={(v) => set('model', v)} />
      {/* Kept in view on an assistant that has it, so it can be turned off where it no longer runs. */}
      {(codeInterpreter || values.codeInterpreter) && (
        <CheckField
          label={t('com_assistants_code_interpreter')}
          checked={values.codeInterpreter}
          onChange={(on) => set('codeInterpreter', on)}
          testId="assistant-tool-code_interpreter"
        />
      )}
      <fieldset className="flex flex-col gap-2">
        <legend className="mb-1 text-sm font-medium text-text-primary">
          {t('com_assistants_functions')}
        </legend>
        {pluginOptions.length === 0 ? (
          <p className="text-[13px] text-text-secondary">{t('com_assistants_no_plugins')}</p>
        ) : (
          pluginOptions.map((p) => (
            <CheckField
              key={p.pluginKey}
              label={p.name}
              checked={values.functions.includes(p.pluginKey)}
              onChange={(on) =>
                set(
                  'functions',
                  on ? [...values.functions, p.pluginKey] : values.functions.filter((k) => k !== p.pluginKey),
                )
              }
              testId={`assistant-function-${p.pluginKey}`}
            />
          ))
        )}
      </fieldset>
      {error && (
        <Alert data-testid="assistant-form-error">
          <p>{t('com_assistants_save_failed')}</p>
          {/* The server's message joins its issues: the list alone says each reason once. */}
          {error instanceof ApiError && error.issues && error.issues.length > 0 ? (
            <ul className="mt-1 list-disc ps-4">
              {error.issues.map((issue) => (
                <li key={`${issue.path}:${issue.message}`}>{issue.message}</li>
              ))}
            </ul>
          ) : (
            <p className="mt-1">{error.message}</p>
          )}
        </Alert>
      )}
      <div className="flex flex-wrap justify-end gap-2">
        <Button variant="secondary" onClick={onCancel} disabled={saving}>
          {t('com_ui_cancel')}
        </Button>
        <Button type="submit" loading={saving} disabled={over.length > 0} data-testid="assistant-save">
          {assistant ? t('com_ui_save') : t('com_assistants_create')}
        </Button>
      </div>
    </form>
  );
}

function CountedField({
  field,
  label,
  value,
  onChange,
  placeholder,
  rows,
}: {
  field: AssistantTextField;
  label: string;
  value: string;
  onChange: (v: string) => void;
  placeholder: string;
  /** A textarea of this many rows; else a one-line input. */
  rows?: number;
}) {
  const { t } = useTranslation();
  const id = useId();
  const max = TEXT_LIMITS[field];
  const over = value.length > max;
  const describedBy = over ? `${id}-count ${id}-error` : `${id}-count`;
  const common = {
    id,
    value,
    placeholder,
    'aria-invalid': over || undefined,
    'aria-describedby': describedBy,
    'data-testid': `assistant-${field}`,
    className: clsx(
      inputClass,
      over
        ? 'border-text-danger focus:ring-text-danger/40'
        : 'border-border-medium focus:border-ring-primary focus:ring-ring-primary/30',
    ),
  };
  return (
    <div className="flex flex-col gap-1.5">
      <div className="flex items-baseline justify-between gap-2">
        <label htmlFor={id} className="text-sm font-medium text-text-primary">
          {label}
        </label>
        <span
          id={`${id}-count`}
          className={clsx('text-xs tabular-nums', over ? 'text-text-danger' : 'text-text-tertiary')}
          data-testid={`assistant-${field}-count`}
        >
          {t('com_assistants_count', { count: value.length, max })}
        </span>
      </div>
      {rows ? (
        <textarea
          {...common}
          rows={rows}
          onChange={(e) => onChange(e.target.value)}
          className={clsx(common.className, 'resize-y')}
        />
      ) : (
        <input {...common} type="text" onChange={(e) => onChange(e.target.value)} />
      )}
      {over && (
        <p id={`${id}-error`} role="alert" className="text-[13px] text-text-danger">
          {t('com_assistants_too_long', { max })}
        </p>
      )}
    </div>
  );
}

function ModelSelect({
  value,
  options,
  onChange,
}: {
  value: string;
  options: readonly string[];
  onChange: (v: string) => void;
}) {
  const { t } = useTranslation();
  const id = useId();
  return (
    <div className="flex flex-col gap-1.5">
      <label htmlFor={id} className="text-sm font-medium text-text-primary">
        {t('com_assistants_model')}
      </label>
      <select
        id={id}
        value={value}
        onChange={(e) => onChange(e.target.value)}
        data-testid="assistant-model"
        className={clsx(inputClass, 'h-10 border-border-medium focus:ring-ring-primary/30')}
      >
        {options.map((m) => (
          <option key={m} value={m}>
            {m}
          </option>
        ))}
      </select>
    </div>
  );
}
