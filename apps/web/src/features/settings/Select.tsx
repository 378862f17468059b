import type { SelectHTMLAttributes } from 'react';
import clsx from 'clsx';

/** A native select, styled like the rest of the dialog (native: right at every width and with every input). */
export function Select({ className, ...rest }: SelectHTMLAttributes<HTMLSelectElement>) {
  return (
    <select
      {...rest}
      className={clsx(
        'h-9 max-w-[12rem] rounded-lg border border-border-medium bg-surface-primary px-2 text-sm text-text-primary',
        'focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring-primary',
        className,
      )}
    />
  );
}
