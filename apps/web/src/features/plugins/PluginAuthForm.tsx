import { useId, useMemo, useState, type FormEvent } from 'react';
import { useTranslation } from '../../hooks/useTranslation';
import { pluginAuthIssues, type Plugin } from '@chat/contract';
import { Button } from '../../components/ui/Button';
import { TextField } from '../../components/ui/TextField';

export interface PluginAuthFormProps {
  plugin: Plugin;
  submitting: boolean;
  onSubmit: (auth: Record<string, string>) => void;
  onCancel: () => void;
}

/**
 * A plugin's auth form: one secret field per manifest auth field,
 * checked with the contract's rules (the server's own) as the person types; Save only when the
 * form is dirty, valid and not submitting.
 */
export function PluginAuthForm({ plugin, submitting, onSubmit, onCancel }: PluginAuthFormProps) {
  const { t } = useTranslation();
  const formId = useId();
  const [values, setValues] = useState<Record<string, string>>({});
  const [changed, setChanged] = useState<ReadonlySet<string>>(new Set());
  const issues = useMemo(() => pluginAuthIssues(plugin.authConfig, values), [plugin.authConfig, values]);
  const dirty = Object.values(values).some((v) => v !== '');
  const canSave = dirty && issues.length === 0 && !submitting;

  const errorOf = (authField: string, label: string) => {
    if (!changed.has(authField)) return undefined;
    const issue = issues.find((i) => i.path === `auth.${authField}`);
    return issue ? t(issue.key, { label }) : undefined;
  };

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (canSave) onSubmit(values);
  };

  return (
    <form
      id={formId}
      onSubmit={submit}
      noValidate
      className="flex flex-col gap-4"
      data-testid="plugin-auth-form"
    >
      <p className="text-sm text-text-secondary">{t('com_plugin_auth_intro', { name: plugin.name })}</p>
      {plugin.authConfig.map((field, index) => (
        <div key={field.authField} className="flex flex-col gap-1">
          <TextField
            label={field.label}
            name={field.authField}
            type="password"
            revealable
            autoComplete="off"
            autoFocus={index === 0}
            value={values[field.authField] ?? ''}
            error={errorOf(field.authField, field.label)}
            onChange={(e) => {
              const value = e.target.value;
              setValues((v) => ({ ...v, [field.authField]: value }));
              setChanged((c) => (c.has(field.authField) ? c : new Set(c).add(field.authField)));
            }}
          />
          {field.description && <p className="text-xs text-text-tertiary">{field.description}</p>}
        </div>
      ))}
      <div className="flex flex-wrap justify-end gap-2">
        <Button variant="secondary" onClick={onCancel}>
          {t('com_ui_cancel')}
        </Button>
        <Button type="submit" disabled={!canSave} loading={submitting} data-testid="plugin-auth-save">
          {t('com_ui_save')}
        </Button>
      </div>
    </form>
  );
}
