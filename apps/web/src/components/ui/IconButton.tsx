import { forwardRef, type ButtonHTMLAttributes } from 'react';
import clsx from 'clsx';
import { useTooltip } from './useTooltip';

export interface IconButtonProps extends Omit<ButtonHTMLAttributes<HTMLButtonElement>, 'aria-label'> {
  /** Accessible name (aria-label) and tooltip. Required: icon-only buttons have no text. */
  label: string;
  size?: 'sm' | 'md';
  /** Adds the tooltip from `label` (default true). */
  showTitle?: boolean;
}

export const IconButton = forwardRef<HTMLButtonElement, IconButtonProps>(function IconButton(
  { label, size = 'md', showTitle = true, className, type, children, ...rest },
  ref,
) {
  // The product's tooltip (its open and close delays), not the browser's `title`.
  const { handlers, tooltip } = useTooltip(label, showTitle);
  return (
    <>
      <button
        ref={ref}
        type={type ?? 'button'}
        aria-label={label}
        className={clsx(
          'inline-flex shrink-0 items-center justify-center rounded-lg text-text-secondary transition-colors',
          'hover:bg-surface-tertiary hover:text-text-primary',
          'focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring-primary',
          'disabled:cursor-not-allowed disabled:opacity-50',
          size === 'sm' ? 'size-7' : 'size-9',
          className,
        )}
        {...rest}
        onPointerEnter={(e) => {
          rest.onPointerEnter?.(e);
          handlers.onPointerEnter(e);
        }}
        onPointerLeave={(e) => {
          rest.onPointerLeave?.(e);
          handlers.onPointerLeave();
        }}
        onPointerDown={(e) => {
          rest.onPointerDown?.(e);
          handlers.onPointerDown();
        }}
        onFocus={(e) => {
          rest.onFocus?.(e);
          handlers.onFocus(e);
        }}
        onBlur={(e) => {
          rest.onBlur?.(e);
          handlers.onBlur();
        }}
      >
        {children}
      </button>
      {tooltip}
    </>
  );
});
