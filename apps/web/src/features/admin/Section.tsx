import type { ReactNode } from 'react';
import clsx from 'clsx';

/** One card of the panel: a heading, an optional line under it, its content. */
export function Section({
  title,
  description,
  children,
  className,
  testId,
}: {
  title: string;
  description?: string;
  children: ReactNode;
  className?: string;
  testId?: string;
}) {
  return (
    <section
      data-testid={testId}
      aria-label={title}
      className={clsx(
        'flex min-w-0 flex-col gap-4 rounded-2xl border border-border-light bg-surface-primary p-4 sm:p-5',
        className,
      )}
    >
      <header className="flex flex-col gap-1">
        <h2 className="text-base font-semibold text-text-primary">{title}</h2>
        {description && <p className="text-sm text-text-secondary">{description}</p>}
      </header>
      {children}
    </section>
  );
}

export const selectClass =
  'h-11 w-full rounded-lg border border-border-medium bg-surface-primary px-3 text-[15px] text-text-primary focus:border-ring-primary focus:outline-none focus:ring-2 focus:ring-ring-primary/30';

export const textareaClass =
  'min-h-28 w-full rounded-lg border border-border-medium bg-surface-primary px-3 py-2 font-mono text-sm text-text-primary placeholder:text-text-tertiary focus:border-ring-primary focus:outline-none focus:ring-2 focus:ring-ring-primary/30';

export const labelClass = 'text-sm font-medium text-text-primary';
