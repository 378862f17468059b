import { useState } from 'react';
import clsx from 'clsx';
import { Puzzle } from 'lucide-react';

export interface PluginIconProps {
  /** The manifest's icon URL (the web's /assets/plugins/*.svg). */
  src: string;
  className?: string;
}

/** A plugin's icon; a puzzle piece when it has none or it fails to load. Decorative (the name is beside it). */
export function PluginIcon({ src, className }: PluginIconProps) {
  const [failed, setFailed] = useState<string | null>(null);
  const box = clsx('shrink-0 rounded-md', className);
  if (!src || failed === src) {
    return (
      <span className={clsx(box, 'flex items-center justify-center bg-surface-tertiary text-text-secondary')}>
        <Puzzle className="size-3/5" aria-hidden data-testid="plugin-icon-fallback" />
      </span>
    );
  }
  return (
    <img
      src={src}
      alt=""
      aria-hidden
      className={clsx(box, 'object-contain')}
      onError={() => setFailed(src)}
    />
  );
}
