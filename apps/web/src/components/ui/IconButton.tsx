import { forwardRef, type ButtonHTMLAttributes } from 'react';
import clsx from 'clsx';

export interface IconButtonProps extends Omit<ButtonHTMLAttributes<HTMLButtonElement>, 'aria-label'> {
  /** Accessible name (aria-label) and tooltip (title). Required: icon-only buttons have no text. */
  label: string;
  size?: 'sm' | 'md';
  /** Adds the tooltip from `label` (default true). */
  showTitle?: boolean;
}

export const IconButton = forwardRef<HTMLButtonElement, IconButtonProps>(function IconButton(
  { label, size = 'md', showTitle = true, className, type, children, ...rest },
  ref,
) {
  return (
    <button
      ref={ref}
      type={type ?? 'button'}
      aria-label={label}
      title={showTitle ? label : undefined}
      className={clsx(
        'inline-flex shrink-0 items-center justify-center rounded-lg text-text-secondary transition-colors',
        'hover:bg-surface-tertiary hover:text-text-primary',
        'focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring-primary',
        'disabled:cursor-not-allowed disabled:opacity-50',
        size === 'sm' ? 'size-7' : 'size-9',
        className,
      )}
      {...rest}
    >
      {children}
    </button>
  );
});
