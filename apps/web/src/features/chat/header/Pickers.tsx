import clsx from 'clsx';
import { useTranslation } from 'react-i18next';
import { ChevronDown, FlaskConical, Sparkles } from 'lucide-react';
import type { EndpointsConfig } from '@chat/contract';
import { Menu, type MenuTriggerProps } from '../../../components/ui/Menu';
import { sortedEndpoints } from './setup';

/** The name shown for an endpoint: the demo one is labelled clearly as such. */
export function endpointLabel(
  name: string,
  config: EndpointsConfig | undefined,
  t: (k: string) => string,
): string {
  const entry = config?.[name];
  if (entry?.isDemo || name === 'demo') return t('com_chat_endpoint_demo');
  if (name === 'openAI') return 'OpenAI';
  return entry?.modelDisplayLabel ?? name;
}

function Trigger({
  props,
  testId,
  label,
  value,
  disabled,
}: {
  props: MenuTriggerProps;
  testId: string;
  label: string;
  value: string;
  disabled?: boolean;
}) {
  return (
    <button
      {...props}
      type="button"
      data-testid={testId}
      aria-label={`${label}: ${value}`}
      disabled={disabled}
      className={clsx(
        'inline-flex h-9 min-w-0 max-w-[11rem] items-center gap-1.5 rounded-lg px-2.5 text-sm font-medium sm:max-w-[16rem]',
        'text-text-primary hover:bg-surface-tertiary focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring-primary',
        'disabled:cursor-not-allowed disabled:opacity-50',
      )}
    >
      <span className="truncate">{value}</span>
      <ChevronDown className="size-4 shrink-0 text-text-tertiary" aria-hidden />
    </button>
  );
}

export interface EndpointPickerProps {
  config: EndpointsConfig | undefined;
  value: string | null;
  onChange: (endpoint: string) => void;
  disabled?: boolean;
}

export function EndpointPicker({ config, value, onChange, disabled }: EndpointPickerProps) {
  const { t } = useTranslation();
  const names = sortedEndpoints(config);
  const label = t('com_chat_endpoint');
  return (
    <Menu
      label={label}
      items={names.map((name) => ({
        key: name,
        label: endpointLabel(name, config, t),
        icon: config?.[name]?.isDemo ? <FlaskConical className="size-4" /> : <Sparkles className="size-4" />,
        checked: name === value,
        testId: `endpoint-item-${name}`,
        onSelect: () => onChange(name),
      }))}
      renderTrigger={(props) => (
        <Trigger
          props={props}
          testId="endpoint-picker"
          label={label}
          value={value ? endpointLabel(value, config, t) : t('com_chat_no_endpoint')}
          disabled={disabled || names.length === 0}
        />
      )}
    />
  );
}

export interface ModelPickerProps {
  models: string[];
  value: string | null;
  onChange: (model: string) => void;
  disabled?: boolean;
}

export function ModelPicker({ models, value, onChange, disabled }: ModelPickerProps) {
  const { t } = useTranslation();
  const label = t('com_chat_model');
  return (
    <Menu
      label={label}
      className="max-h-80 overflow-y-auto"
      items={models.map((m) => ({
        key: m,
        label: m,
        checked: m === value,
        testId: `model-item-${m}`,
        onSelect: () => onChange(m),
      }))}
      renderTrigger={(props) => (
        <Trigger
          props={props}
          testId="model-picker"
          label={label}
          value={value ?? t('com_error_no_model')}
          disabled={disabled || models.length === 0}
        />
      )}
    />
  );
}
