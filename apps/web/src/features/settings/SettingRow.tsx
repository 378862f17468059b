import clsx from 'clsx';
import type { SettingRowProps } from './settings-slots';

/** One line of a settings tab: its label (and a hint) on the start side, its control on the end. */
export function SettingRow({ label, hint, htmlFor, children, className }: SettingRowProps) {
  return (
    <div
      className={clsx(
        'flex min-h-12 items-center justify-between gap-4 border-b border-border-light py-3 last:border-b-0',
        className,
      )}
    >
      <div className="min-w-0">
        {htmlFor ? (
          <label htmlFor={htmlFor} className="text-sm text-text-primary">
            {label}
          </label>
        ) : (
          <div className="text-sm text-text-primary">{label}</div>
        )}
        {hint && <div className="mt-0.5 text-xs text-text-secondary">{hint}</div>}
      </div>
      <div className="flex shrink-0 items-center gap-2">{children}</div>
    </div>
  );
}
