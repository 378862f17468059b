import type { ReactNode } from 'react';
import clsx from 'clsx';
import { AlertCircle } from 'lucide-react';

export interface AlertProps {
  children: ReactNode;
  className?: string;
  'data-testid'?: string;
}

/** Error banner (role=alert). */
export function Alert({ children, className, 'data-testid': testId }: AlertProps) {
  return (
    <div
      role="alert"
      data-testid={testId}
      className={clsx(
        'flex items-start gap-2.5 rounded-lg border border-text-danger/30 bg-surface-danger px-3.5 py-3 text-sm text-text-danger',
        className,
      )}
    >
      <AlertCircle className="mt-0.5 size-4 shrink-0" aria-hidden />
      <div className="min-w-0 flex-1 break-words">{children}</div>
    </div>
  );
}
