import { useState } from 'react';
import clsx from 'clsx';
import type { EndpointsConfig } from '@chat/contract';
import {
  Bot,
  Cloud,
  Feather,
  FlaskConical,
  Gem,
  MessageCircle,
  Puzzle,
  Search,
  Server,
  Sparkles,
  type LucideIcon,
} from 'lucide-react';

const TYPE_ICONS: Partial<Record<string, LucideIcon>> = {
  openAI: Sparkles,
  azureOpenAI: Cloud,
  google: Gem,
  anthropic: Feather,
  custom: Server,
  chatGPTBrowser: MessageCircle,
  gptPlugins: Puzzle,
  bingAI: Search,
  assistant: Bot,
};

export interface EndpointIconProps {
  type: string;
  /** Set on a message's avatar so a test (and a person's tools) can tell which icon it is. */
  testId?: string;
  iconURL?: string | null;
  isDemo?: boolean;
  className?: string;
}

/** An endpoint's type, as its icon is chosen: the configured type, else the endpoint's own name. */
export const endpointTypeFor = (name: string | null, config: EndpointsConfig | undefined): string =>
  (name ? (config?.[name]?.type ?? name) : '') || 'custom';

/**
 * LibreChat's built-in icon keys an operator may give as a custom endpoint's `iconURL` to reuse
 * that icon (`iconURL: anthropic`), by the icon kind they show here.
 */
const ICON_KEYS: Partial<Record<string, string>> = {
  openAI: 'openAI',
  azureOpenAI: 'azureOpenAI',
  google: 'google',
  anthropic: 'anthropic',
  assistants: 'assistant',
  azureAssistants: 'assistant',
  agents: 'assistant',
};

/**
 * An endpoint's icon: its configured image (when it loads), or the built-in icon its `iconURL`
 * names, else one per endpoint type. Decorative.
 */
export function EndpointIcon({ type, iconURL, isDemo, className, testId }: EndpointIconProps) {
  const [broken, setBroken] = useState<string | null>(null);
  const named = iconURL && Object.hasOwn(ICON_KEYS, iconURL) ? ICON_KEYS[iconURL] : undefined;
  if (named) return <EndpointIcon type={named} isDemo={isDemo} className={className} testId={testId} />;
  if (iconURL && broken !== iconURL)
    return (
      <img
        src={iconURL}
        alt=""
        aria-hidden
        data-testid={testId}
        data-icon="url"
        className={clsx('size-4 shrink-0 rounded-sm object-contain', className)}
        onError={() => setBroken(iconURL)}
      />
    );
  const Icon = isDemo ? FlaskConical : (TYPE_ICONS[type] ?? Sparkles);
  const kind = isDemo ? 'demo' : TYPE_ICONS[type] ? type : 'default';
  return (
    <Icon className={clsx('size-4 shrink-0', className)} aria-hidden data-testid={testId} data-icon={kind} />
  );
}
