import clsx from 'clsx';
import { useTranslation } from '../../hooks/useTranslation';
import { KeyRound } from 'lucide-react';
import type { EndpointsConfig } from '@chat/contract';
import { useKeyStatus } from './useKeyStatus';

/** The config-key button of an endpoint whose key the person brings; says when none is set. */
export interface KeyButtonProps {
  endpoint: string;
  label: string;
  config: EndpointsConfig | undefined;
  onClick: () => void;
}

export function KeyButton({ endpoint, label, config, onClick }: KeyButtonProps) {
  const { t } = useTranslation();
  const status = useKeyStatus(endpoint, config);
  const name = t('com_endpoint_config_key_for', { endpoint: label });
  return (
    <button
      type="button"
      role="menuitem"
      tabIndex={-1}
      data-nav="key"
      data-testid={`endpoint-key-${endpoint}`}
      data-missing={status.missing || undefined}
      aria-label={name}
      title={name}
      onClick={onClick}
      className={clsx(
        'inline-flex h-9 shrink-0 items-center gap-1.5 rounded-lg px-2 text-xs font-medium outline-none',
        'hover:bg-surface-tertiary focus-visible:bg-surface-tertiary focus-visible:ring-2 focus-visible:ring-ring-primary',
        status.missing ? 'text-text-primary' : 'text-text-tertiary',
      )}
    >
      <KeyRound className="size-4" aria-hidden />
      {status.missing && <span>{t('com_endpoint_config_key_set')}</span>}
    </button>
  );
}
