import clsx from 'clsx';
import { useTranslation } from '../../hooks/useTranslation';

export interface SpinnerProps {
  /** Pixel size of the circle (default 20). */
  size?: number;
  className?: string;
  /** Accessible label; defaults to "Loading...". */
  label?: string;
}

export function Spinner({ size = 20, className, label }: SpinnerProps) {
  const { t } = useTranslation();
  return (
    <span role="status" aria-label={label ?? t('com_ui_loading')} className={clsx('inline-flex', className)}>
      <svg
        className="animate-spin text-current"
        width={size}
        height={size}
        viewBox="0 0 24 24"
        fill="none"
        aria-hidden
      >
        <circle cx="12" cy="12" r="10" stroke="currentColor" strokeOpacity="0.2" strokeWidth="3" />
        <path d="M22 12a10 10 0 0 0-10-10" stroke="currentColor" strokeWidth="3" strokeLinecap="round" />
      </svg>
    </span>
  );
}

/** A spinner centred in its (full-size) parent. */
export function FullPageSpinner() {
  return (
    <div className="flex h-full w-full items-center justify-center text-text-secondary">
      <Spinner size={28} />
    </div>
  );
}
