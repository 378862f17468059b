import { useId } from 'react';
import { ExamplesFields } from './ExamplesFields';
import {
  AGENT_DEFAULTS,
  AGENT_TEMPERATURE_MAX,
  CHAT_LIMITS,
  CUSTOM_NAME_MAX,
  IMAGE_DETAILS,
  type AgentOptions,
} from '@chat/contract';
import { useTranslation } from '../../hooks/useTranslation';
import type { CarriedValues } from './ask-options';

/** The endpoint types whose conversations take a custom name and a prompt prefix. */
const NAMED_TYPES = new Set(['openAI', 'azureOpenAI', 'custom', 'google', 'anthropic', 'gptPlugins']);
/** Those that send a conversation's earlier images again when asked to. */
const RESEND_TYPES = new Set(['openAI', 'azureOpenAI', 'custom', 'anthropic']);
/** Those whose protocol has OpenAI's image detail. */
const DETAIL_TYPES = new Set(['openAI', 'azureOpenAI', 'custom']);

const DETAIL_KEYS: Record<(typeof IMAGE_DETAILS)[number], string> = {
  low: 'com_endpoint_image_detail_low',
  auto: 'com_endpoint_image_detail_auto',
  high: 'com_endpoint_image_detail_high',
};

export const hasConversationFields = (endpointType: string | null): boolean =>
  endpointType !== null && NAMED_TYPES.has(endpointType);

type CarriedKey = keyof CarriedValues;

export interface ConversationFieldsProps {
  endpointType: string;
  values: CarriedValues;
  onChange: <K extends CarriedKey>(key: K, value: CarriedValues[K]) => void;
  /** Plugins are selected: the name and prefix do not apply then, so they cannot be changed. */
  toolsSelected: boolean;
  /** The models the plugins agent may run on (the endpoint's). */
  agentModels?: readonly string[] | undefined;
}

const FIELD =
  'w-full rounded-md border border-border-medium bg-surface-primary px-2 py-1.5 text-sm text-text-primary focus:border-ring-primary focus:outline-none focus:ring-2 focus:ring-ring-primary/30 disabled:cursor-not-allowed disabled:opacity-50';

/**
 * The conversation's own options beside the sampling parameters: the name the model goes by and
 * the instructions it is given first (the preset editor has them too), and, where the protocol
 * takes them, whether earlier images are sent again and how closely an image is looked at. The
 * values go with the next ask and stay with the conversation.
 */
export function ConversationFields({
  endpointType,
  values,
  onChange,
  toolsSelected,
  agentModels = [],
}: ConversationFieldsProps) {
  const { t } = useTranslation();
  const id = useId();
  return (
    <div className="flex flex-col gap-3 border-b border-border-light pb-4" data-testid="conversation-fields">
      <div className="flex flex-col gap-1">
        <label htmlFor={`${id}-name`} className="text-sm font-medium text-text-primary">
          {t('com_endpoint_custom_name')}
        </label>
        <input
          id={`${id}-name`}
          data-testid="option-custom-name"
          value={values.chatGptLabel ?? ''}
          maxLength={CUSTOM_NAME_MAX}
          disabled={toolsSelected}
          aria-describedby={toolsSelected ? `${id}-tools` : undefined}
          autoComplete="off"
          onChange={(e) => onChange('chatGptLabel', e.target.value || null)}
          className={`${FIELD} h-8`}
        />
      </div>
      <div className="flex flex-col gap-1">
        <label htmlFor={`${id}-prefix`} className="text-sm font-medium text-text-primary">
          {t('com_endpoint_prompt_prefix')}
        </label>
        <textarea
          id={`${id}-prefix`}
          data-testid="option-prompt-prefix"
          rows={3}
          value={values.promptPrefix ?? ''}
          maxLength={CHAT_LIMITS.maxMessageChars}
          disabled={toolsSelected}
          aria-describedby={toolsSelected ? `${id}-tools` : undefined}
          onChange={(e) => onChange('promptPrefix', e.target.value || null)}
          className={`${FIELD} resize-y`}
        />
        {toolsSelected && (
          <p id={`${id}-tools`} className="text-xs text-text-secondary">
            {t('com_endpoint_fields_off_with_plugins')}
          </p>
        )}
      </div>
      {RESEND_TYPES.has(endpointType) && (
        <label className="flex items-center gap-2 text-sm text-text-primary">
          <input
            type="checkbox"
            data-testid="option-resend-images"
            checked={values.resendImages === true}
            onChange={(e) => onChange('resendImages', e.target.checked)}
            className="size-4 accent-[var(--ring-primary)]"
          />
          {t('com_endpoint_resend_images')}
        </label>
      )}
      {endpointType === 'google' && (
        <ExamplesFields value={values.examples ?? []} onChange={(next) => onChange('examples', next)} />
      )}
      {endpointType === 'gptPlugins' && (
        <AgentFields
          value={values.agentOptions ?? {}}
          models={agentModels}
          onChange={(next) => onChange('agentOptions', next)}
        />
      )}
      {DETAIL_TYPES.has(endpointType) && (
        <div className="flex items-center justify-between gap-3">
          <label htmlFor={`${id}-detail`} className="text-sm font-medium text-text-primary">
            {t('com_endpoint_image_detail')}
          </label>
          <select
            id={`${id}-detail`}
            data-testid="option-image-detail"
            value={values.imageDetail ?? 'auto'}
            onChange={(e) =>
              onChange('imageDetail', IMAGE_DETAILS.find((d) => d === e.target.value) ?? 'auto')
            }
            className={`${FIELD} h-8 w-28`}
          >
            {IMAGE_DETAILS.map((d) => (
              <option key={d} value={d}>
                {t(DETAIL_KEYS[d])}
              </option>
            ))}
          </select>
        </div>
      )}
    </div>
  );
}

/**
 * The plugins agent's settings: the model it plans with (the defaults' when the endpoint offers
 * it), its temperature, and whether the tools' results are the answer (skip the last completion).
 */
function AgentFields({
  value,
  models,
  onChange,
}: {
  value: AgentOptions;
  models: readonly string[];
  onChange: (next: AgentOptions) => void;
}) {
  const { t } = useTranslation();
  const id = useId();
  const fallback = models.includes(AGENT_DEFAULTS.model) ? AGENT_DEFAULTS.model : (models[0] ?? '');
  const model = value.model && models.includes(value.model) ? value.model : fallback;
  const temperature = value.temperature ?? AGENT_DEFAULTS.temperature;
  return (
    <fieldset className="flex flex-col gap-2" data-testid="agent-fields">
      <legend className="mb-1 text-sm font-medium text-text-primary">{t('com_endpoint_agent')}</legend>
      <div className="flex items-center justify-between gap-3">
        <label htmlFor={`${id}-model`} className="text-sm text-text-primary">
          {t('com_endpoint_agent_model')}
        </label>
        <select
          id={`${id}-model`}
          data-testid="agent-model"
          value={model}
          onChange={(e) => onChange({ ...value, model: e.target.value })}
          className={`${FIELD} h-8 w-40`}
        >
          {models.map((m) => (
            <option key={m} value={m}>
              {m}
            </option>
          ))}
        </select>
      </div>
      <div className="flex items-center justify-between gap-3">
        <label htmlFor={`${id}-temperature`} className="text-sm text-text-primary">
          {t('com_endpoint_agent_temperature')}
        </label>
        <input
          id={`${id}-temperature`}
          data-testid="agent-temperature"
          type="number"
          inputMode="decimal"
          min={0}
          max={AGENT_TEMPERATURE_MAX}
          step={0.01}
          value={temperature}
          onChange={(e) => {
            const n = Number(e.target.value);
            if (e.target.value.trim() !== '' && Number.isFinite(n))
              onChange({ ...value, temperature: Math.min(Math.max(n, 0), AGENT_TEMPERATURE_MAX) });
          }}
          className={`${FIELD} h-8 w-24 text-end tabular-nums`}
        />
      </div>
      <label className="flex items-center gap-2 text-sm text-text-primary">
        <input
          type="checkbox"
          data-testid="agent-skip-completion"
          checked={value.skipCompletion ?? AGENT_DEFAULTS.skipCompletion}
          onChange={(e) => onChange({ ...value, skipCompletion: e.target.checked })}
          className="size-4 accent-[var(--ring-primary)]"
        />
        {t('com_endpoint_agent_skip_completion')}
      </label>
    </fieldset>
  );
}
