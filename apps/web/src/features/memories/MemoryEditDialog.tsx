import { useId, useRef, useState, type FormEvent } from 'react';
import { MEMORY_ISSUE_KEYS, MEMORY_LIMITS, normalizeMemoryKey, type MemoryEntry } from '@chat/contract';
import { ApiError } from '../../api/http';
import { Button } from '../../components/ui/Button';
import { Dialog } from '../../components/ui/Dialog';
import { TextField } from '../../components/ui/TextField';
import { useToast } from '../../components/ui/Toast';
import { useTranslation } from '../../hooks/useTranslation';
import { useCreateMemory, useUpdateMemory } from './api';

type Field = 'key' | 'value';
type FieldErrors = Partial<Record<Field, string>>;

const FIELD_CLASS =
  'w-full rounded-lg border border-border-medium bg-surface-primary px-3 py-2 text-sm text-text-primary focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring-primary';

/** The server's rules that do not need its data, so a wrong entry is told before it is sent. */
function check(key: string, value: string, charLimit: number, validKeys?: readonly string[]): FieldErrors {
  const errors: FieldErrors = {};
  const k = normalizeMemoryKey(key);
  if (k === null) errors.key = 'com_ui_memory_key_required';
  else if (k.length > MEMORY_LIMITS.keyMaxChars) errors.key = 'com_ui_memory_key_too_long';
  else if (validKeys && !validKeys.includes(k)) errors.key = MEMORY_ISSUE_KEYS.keyNotAllowed;
  const v = value.trim();
  if (v === '') errors.value = 'com_ui_memory_value_required';
  else if (v.length > charLimit) errors.value = MEMORY_ISSUE_KEYS.valueTooLong;
  return errors;
}

/**
 * A memory's key and value: a new one, or `memory` edited (a new key moves it). Where
 * librechat.yaml names the valid keys, the key is chosen from them. The token limit is the
 * server's to hold: its refusal shows at the value.
 */
export default function MemoryEditDialog({
  memory,
  charLimit,
  validKeys,
  onClose,
}: {
  memory?: MemoryEntry;
  charLimit: number;
  validKeys?: readonly string[] | undefined;
  onClose: () => void;
}) {
  const { t, i18n } = useTranslation();
  const toast = useToast();
  const formId = useId();
  const keyInputRef = useRef<HTMLInputElement>(null);
  const keySelectRef = useRef<HTMLSelectElement>(null);
  const [key, setKey] = useState(memory?.key ?? validKeys?.[0] ?? '');
  const [value, setValue] = useState(memory?.value ?? '');
  const [errors, setErrors] = useState<FieldErrors>({});
  const create = useCreateMemory();
  const update = useUpdateMemory();
  const pending = create.isPending || update.isPending;
  // A kept key that is no longer valid stays choosable, so its value can still be edited.
  const keyChoices =
    validKeys && memory && !validKeys.includes(memory.key) ? [memory.key, ...validKeys] : validKeys;

  const failed = (err: unknown) => {
    const next: FieldErrors = {};
    if (err instanceof ApiError && err.issues)
      for (const issue of err.issues) {
        const field = issue.path.split('.').pop();
        // The key, not the server's English message: the field shows it in the person's language.
        if ((field === 'key' || field === 'value') && issue.key && i18n.exists(issue.key))
          next[field] = issue.key;
      }
    if (err instanceof ApiError && err.status === 409) next.key = 'com_ui_memory_key_exists';
    setErrors(next);
    if (Object.keys(next).length === 0)
      toast.show({
        message: t(memory ? 'com_ui_memory_update_error' : 'com_ui_memory_create_error'),
        severity: 'error',
      });
  };

  const done = (message: string) => () => {
    toast.show({ message: t(message), severity: 'success' });
    onClose();
  };

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const keepKey = memory && key === memory.key;
    const found = check(key, value, charLimit, keepKey ? undefined : validKeys);
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    const newKey = normalizeMemoryKey(key) ?? '';
    const newValue = value.trim();
    if (memory) {
      if (newKey === memory.key && newValue === memory.value) return onClose();
      update.mutate(
        { from: memory.key, body: { ...(newKey !== memory.key ? { key: newKey } : {}), value: newValue } },
        { onSuccess: done('com_ui_memory_updated'), onError: failed },
      );
      return;
    }
    create.mutate(
      { key: newKey, value: newValue },
      { onSuccess: done('com_ui_memory_created'), onError: failed },
    );
  };

  const keyId = `${formId}-key`;
  const keyErrorId = `${keyId}-error`;
  const valueId = `${formId}-value`;
  const valueErrorId = `${valueId}-error`;
  return (
    <Dialog
      open
      onClose={onClose}
      title={memory ? t('com_ui_memory_edit') : t('com_ui_memory_add')}
      initialFocusRef={keyChoices ? keySelectRef : keyInputRef}
      data-testid="memory-edit-dialog"
      footer={
        <>
          <Button variant="secondary" onClick={onClose}>
            {t('com_ui_cancel')}
          </Button>
          <Button type="submit" form={formId} loading={pending} data-testid="memory-save">
            {t('com_ui_save')}
          </Button>
        </>
      }
    >
      <form id={formId} onSubmit={submit} noValidate className="flex flex-col gap-4">
        {keyChoices ? (
          <div className="flex flex-col gap-1.5">
            <label htmlFor={keyId} className="text-sm font-medium text-text-primary">
              {t('com_ui_memory_key')}
            </label>
            <select
              ref={keySelectRef}
              id={keyId}
              value={key}
              onChange={(e) => setKey(e.target.value)}
              aria-invalid={errors.key ? true : undefined}
              aria-describedby={errors.key ? keyErrorId : undefined}
              className={FIELD_CLASS}
              data-testid="memory-key"
            >
              {keyChoices.map((k) => (
                <option key={k} value={k}>
                  {k}
                </option>
              ))}
            </select>
            {errors.key && (
              <p id={keyErrorId} className="text-sm text-text-danger">
                {t(errors.key)}
              </p>
            )}
          </div>
        ) : (
          <TextField
            ref={keyInputRef}
            label={t('com_ui_memory_key')}
            value={key}
            onChange={(e) => setKey(e.target.value)}
            error={errors.key ? t(errors.key) : undefined}
            autoComplete="off"
            data-testid="memory-key"
          />
        )}
        <div className="flex flex-col gap-1.5">
          <label htmlFor={valueId} className="text-sm font-medium text-text-primary">
            {t('com_ui_memory_value')}
          </label>
          <textarea
            id={valueId}
            value={value}
            onChange={(e) => setValue(e.target.value)}
            rows={4}
            aria-invalid={errors.value ? true : undefined}
            aria-describedby={errors.value ? valueErrorId : undefined}
            className={`${FIELD_CLASS} resize-y`}
            data-testid="memory-value"
          />
          {errors.value && (
            <p id={valueErrorId} className="text-sm text-text-danger" data-testid="memory-value-error">
              {t(errors.value)}
            </p>
          )}
        </div>
      </form>
    </Dialog>
  );
}
