import { useId } from 'react';
import clsx from 'clsx';
import { useTranslation } from '../../hooks/useTranslation';
import { BING_DEFAULTS, BING_TONE_STYLES } from '@chat/contract';
import { useTokenCount } from '../../api/tokenizer';
import type { BingOptionKey, BingValues, mergeBing } from './bing-options';

export interface BingSettingsProps {
  /** BingAI or Sydney: Sydney's system message is shown only in its mode. */
  model: string;
  values: ReturnType<typeof mergeBing>;
  onChange: <K extends BingOptionKey>(key: K, value: BingValues[K]) => void;
}

/** Bing's context limit as people say it: about 7k tokens. */
const BING_CONTEXT_APPROX = `${BING_DEFAULTS.contextMaxTokens / 1000}k`;

const FIELD =
  'w-full resize-y rounded-md border border-border-medium bg-surface-primary px-2 py-1.5 text-sm text-text-primary focus:border-ring-primary focus:outline-none focus:ring-2 focus:ring-ring-primary/30';

/**
 * Bing's options: the conversation style, extra context with its live token count
 * (asked 250 ms after the last keystroke; errors may occur above about 7k tokens), and in Sydney
 * mode its system message, with the warning that misusing it may get the person banned from Bing.
 * They go with the next ask.
 */
export function BingSettings({ model, values, onChange }: BingSettingsProps) {
  const { t } = useTranslation();
  const toneId = useId();
  const contextId = useId();
  const systemId = useId();
  const count = useTokenCount(values.context);
  const over = count !== null && count > BING_DEFAULTS.contextMaxTokens;
  return (
    <div className="flex flex-col gap-4" data-testid="bing-settings">
      <fieldset className="flex flex-col gap-2">
        <legend id={toneId} className="mb-2 text-sm font-medium text-text-primary">
          {t('com_endpoint_bing_tone')}
        </legend>
        <div role="radiogroup" aria-labelledby={toneId} className="grid grid-cols-2 gap-1 sm:grid-cols-4">
          {BING_TONE_STYLES.map((tone) => (
            <button
              key={tone}
              type="button"
              role="radio"
              aria-checked={values.toneStyle === tone}
              data-testid={`bing-tone-${tone}`}
              onClick={() => onChange('toneStyle', tone)}
              className={clsx(
                'h-8 rounded-md border px-2 text-xs font-medium focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring-primary',
                values.toneStyle === tone
                  ? 'border-ring-primary bg-surface-tertiary text-text-primary'
                  : 'border-border-medium text-text-secondary hover:bg-surface-tertiary',
              )}
            >
              {t(`com_endpoint_bing_tone_${tone}`)}
            </button>
          ))}
        </div>
      </fieldset>
      <div className="flex flex-col gap-1.5">
        <label htmlFor={contextId} className="text-sm font-medium text-text-primary">
          {t('com_endpoint_bing_context')}
        </label>
        <textarea
          id={contextId}
          data-testid="bing-context"
          rows={3}
          value={values.context}
          placeholder={t('com_endpoint_bing_context_placeholder')}
          aria-describedby={`${contextId}-count`}
          onChange={(e) => onChange('context', e.target.value)}
          className={FIELD}
        />
        <span
          id={`${contextId}-count`}
          data-testid="bing-context-tokens"
          aria-live="polite"
          className={clsx('text-xs', over ? 'text-red-500' : 'text-text-tertiary')}
        >
          {count === null
            ? t('com_endpoint_bing_context_limit', { max: BING_CONTEXT_APPROX })
            : over
              ? `${t('com_endpoint_bing_context_tokens', { count, max: BING_CONTEXT_APPROX })} · ${t(
                  'com_endpoint_bing_context_limit',
                  { max: BING_CONTEXT_APPROX },
                )}`
              : t('com_endpoint_bing_context_tokens', { count, max: BING_CONTEXT_APPROX })}
        </span>
      </div>
      {model === 'Sydney' && (
        <div className="flex flex-col gap-1.5">
          <label htmlFor={systemId} className="text-sm font-medium text-text-primary">
            {t('com_endpoint_bing_system_message')}
          </label>
          <textarea
            id={systemId}
            data-testid="bing-system-message"
            rows={3}
            value={values.systemMessage}
            placeholder={t('com_endpoint_bing_system_message_placeholder')}
            onChange={(e) => onChange('systemMessage', e.target.value)}
            aria-describedby={`${systemId}-warning`}
            className={FIELD}
          />
          <p
            id={`${systemId}-warning`}
            data-testid="bing-system-message-warning"
            className="text-xs text-amber-800 dark:text-amber-200"
          >
            {t('com_endpoint_bing_system_message_warning')}
          </p>
        </div>
      )}
    </div>
  );
}
