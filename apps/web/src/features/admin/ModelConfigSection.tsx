import { useEffect, useId, useState } from 'react';
import { ADMIN_CONFIGURABLE_MODELS, MODEL_CONFIG_LIMITS } from '@chat/contract';
import { useTranslation } from '../../hooks/useTranslation';
import { Button } from '../../components/ui/Button';
import { useToast } from '../../components/ui/Toast';
import { useModelConfig, useSaveModelConfig } from './api';
import { errorText } from './errors';
import { Section, labelClass, selectClass, textareaClass } from './Section';

/** The system prompt (jailbreakPrompt) and prefill of a configurable model. */
export function ModelConfigSection() {
  const { t } = useTranslation();
  const toast = useToast();
  const id = useId();
  const [model, setModel] = useState('');
  const config = useModelConfig(model);
  const save = useSaveModelConfig();
  const [prompt, setPrompt] = useState('');
  const [prefill, setPrefill] = useState('');

  useEffect(() => {
    setPrompt(config.data?.jailbreakPrompt ?? '');
    setPrefill(config.data?.prefill ?? '');
  }, [config.data]);

  const onSave = () => {
    // Saving needs a selected model.
    if (!model) {
      console.warn('Select a model before saving its configuration');
      return;
    }
    save.mutate(
      { name: model, jailbreakPrompt: prompt, prefill },
      {
        onSuccess: () => toast.show({ message: t('com_admin_model_saved'), severity: 'success' }),
        onError: (err) => toast.show({ message: errorText(t, err), severity: 'error' }),
      },
    );
  };

  return (
    <Section
      title={t('com_admin_model_config')}
      description={t('com_admin_model_config_help')}
      className="lg:col-span-2"
      testId="admin-model-config"
    >
      <div className="flex flex-col gap-1.5">
        <label htmlFor={`${id}-model`} className={labelClass}>
          {t('com_admin_model')}
        </label>
        <select
          id={`${id}-model`}
          data-testid="admin-model-select"
          className={selectClass}
          value={model}
          onChange={(e) => setModel(e.target.value)}
        >
          <option value="">{t('com_admin_select_model')}</option>
          {ADMIN_CONFIGURABLE_MODELS.map((m) => (
            <option key={m.name} value={m.name}>
              {m.label} ({m.name})
            </option>
          ))}
        </select>
      </div>
      {config.error && (
        <p role="alert" className="text-sm text-text-danger">
          {errorText(t, config.error)}
        </p>
      )}
      <div className="grid gap-4 md:grid-cols-2">
        <div className="flex flex-col gap-1.5">
          <label htmlFor={`${id}-prompt`} className={labelClass}>
            {t('com_admin_system_prompt')}
          </label>
          <textarea
            id={`${id}-prompt`}
            data-testid="admin-system-prompt"
            className={textareaClass}
            rows={6}
            maxLength={MODEL_CONFIG_LIMITS.jailbreakPromptMaxChars}
            disabled={!model || config.isFetching}
            value={prompt}
            onChange={(e) => setPrompt(e.target.value)}
          />
        </div>
        <div className="flex flex-col gap-1.5">
          <label htmlFor={`${id}-prefill`} className={labelClass}>
            {t('com_admin_prefill')}
          </label>
          <textarea
            id={`${id}-prefill`}
            data-testid="admin-prefill"
            className={textareaClass}
            rows={6}
            maxLength={MODEL_CONFIG_LIMITS.prefillMaxChars}
            disabled={!model || config.isFetching}
            value={prefill}
            onChange={(e) => setPrefill(e.target.value)}
          />
        </div>
      </div>
      <div className="flex justify-end">
        <Button data-testid="admin-model-save" disabled={!model} loading={save.isPending} onClick={onSave}>
          {t('com_ui_save')}
        </Button>
      </div>
    </Section>
  );
}
