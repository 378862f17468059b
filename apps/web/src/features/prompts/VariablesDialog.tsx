import { useId, useRef, useState, type FormEvent } from 'react';
import { Button } from '../../components/ui/Button';
import { Dialog } from '../../components/ui/Dialog';
import { TextField } from '../../components/ui/TextField';
import { useTranslation } from '../../hooks/useTranslation';
import type { PromptVariable } from './variables';

/**
 * The form a prompt's `{{variables}}` are filled in with before its text goes into the message
 * box: a text field for each free one, a list for each `{{name:a|b}}`.
 */
export default function VariablesDialog({
  name,
  variables,
  onSubmit,
  onClose,
}: {
  name: string;
  variables: PromptVariable[];
  onSubmit: (values: Record<string, string>) => void;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const formId = useId();
  const firstRef = useRef<HTMLElement | null>(null);
  const first = (i: number) => (el: HTMLElement | null) => {
    if (i === 0) firstRef.current = el;
  };
  const [values, setValues] = useState<Record<string, string>>(() =>
    Object.fromEntries(variables.map((v) => [v.name, v.options[0] ?? ''])),
  );
  const set = (key: string, value: string) => setValues((now) => ({ ...now, [key]: value }));
  const submit = (e: FormEvent) => {
    e.preventDefault();
    // The dialog is drawn from inside the message box's form: its submit must not reach that
    // form (React's events follow the component tree through the portal), which would send.
    e.stopPropagation();
    onSubmit(values);
  };

  return (
    <Dialog
      open
      onClose={onClose}
      title={name}
      description={t('com_ui_prompt_variables_hint')}
      initialFocusRef={firstRef}
      data-testid="prompt-variables-dialog"
      footer={
        <>
          <Button variant="secondary" onClick={onClose}>
            {t('com_ui_cancel')}
          </Button>
          <Button type="submit" form={formId} data-testid="prompt-variables-submit">
            {t('com_ui_submit')}
          </Button>
        </>
      }
    >
      <form id={formId} onSubmit={submit} noValidate className="mt-4 flex flex-col gap-4">
        {variables.map((v, i) =>
          v.options.length > 0 ? (
            <div key={v.name} className="flex flex-col gap-1.5">
              <label htmlFor={`${formId}-${i}`} className="text-sm font-medium text-text-primary">
                {v.name}
              </label>
              <select
                ref={first(i)}
                id={`${formId}-${i}`}
                value={values[v.name] ?? ''}
                onChange={(e) => set(v.name, e.target.value)}
                className="h-11 w-full rounded-lg border border-border-medium bg-surface-primary px-3 text-[15px] text-text-primary focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring-primary"
                data-testid="prompt-variable"
              >
                {v.options.map((o) => (
                  <option key={o} value={o}>
                    {o}
                  </option>
                ))}
              </select>
            </div>
          ) : (
            <TextField
              key={v.name}
              ref={first(i)}
              label={v.name}
              value={values[v.name] ?? ''}
              onChange={(e) => set(v.name, e.target.value)}
              autoComplete="off"
              data-testid="prompt-variable"
            />
          ),
        )}
      </form>
    </Dialog>
  );
}
