import { useState } from 'react';
import clsx from 'clsx';
import { Cloud, FlaskConical, Gem, Feather, Server, Sparkles, type LucideIcon } from 'lucide-react';

const TYPE_ICONS: Partial<Record<string, LucideIcon>> = {
  openAI: Sparkles,
  azureOpenAI: Cloud,
  google: Gem,
  anthropic: Feather,
  custom: Server,
};

export interface EndpointIconProps {
  type: string;
  iconURL?: string | null;
  isDemo?: boolean;
  className?: string;
}

/** An endpoint's icon: its configured image (when it loads), else one per endpoint type. Decorative. */
export function EndpointIcon({ type, iconURL, isDemo, className }: EndpointIconProps) {
  const [broken, setBroken] = useState<string | null>(null);
  if (iconURL && broken !== iconURL)
    return (
      <img
        src={iconURL}
        alt=""
        aria-hidden
        className={clsx('size-4 shrink-0 rounded-sm object-contain', className)}
        onError={() => setBroken(iconURL)}
      />
    );
  const Icon = isDemo ? FlaskConical : (TYPE_ICONS[type] ?? Sparkles);
  return <Icon className={clsx('size-4 shrink-0', className)} aria-hidden />;
}
