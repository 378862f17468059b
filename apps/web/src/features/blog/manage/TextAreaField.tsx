import { useId } from 'react';
import clsx from 'clsx';
import { BLOG_LIMITS } from '@chat/contract';

export interface TextAreaFieldProps {
  label: string;
  value: string;
  onChange: (value: string) => void;
  error?: string | undefined;
  rows?: number;
  mono?: boolean;
  testId: string;
  /** Shown under the field, linked with aria-describedby (the meta description's counter). */
  hint?: string;
}

/** A labelled textarea with its error under it (TextField's look). */
export function TextAreaField({
  label,
  value,
  onChange,
  error,
  rows = 3,
  mono,
  testId,
  hint,
}: TextAreaFieldProps) {
  const id = useId();
  return (
    <div className="flex flex-col gap-1.5">
      <label htmlFor={id} className="text-sm font-medium text-text-primary">
        {label}
      </label>
      <textarea
        id={id}
        rows={rows}
        value={value}
        onChange={(e) => onChange(e.target.value)}
        aria-invalid={error ? true : undefined}
        aria-describedby={clsx(error && `${id}-error`, hint && `${id}-hint`) || undefined}
        data-testid={testId}
        className={clsx(
          'w-full rounded-lg border bg-surface-primary px-3 py-2 text-[15px] text-text-primary placeholder:text-text-tertiary',
          'focus:outline-none focus:ring-2 disabled:opacity-60',
          mono && 'font-mono text-sm',
          error
            ? 'border-text-danger focus:ring-text-danger/40'
            : 'border-border-medium focus:border-ring-primary focus:ring-ring-primary/30',
        )}
      />
      <div className="flex items-start justify-between gap-3">
        {error ? (
          <p id={`${id}-error`} role="alert" className="text-[13px] text-text-danger">
            {error}
          </p>
        ) : (
          <span />
        )}
        {hint && (
          <span
            id={`${id}-hint`}
            data-testid={`${testId}-counter`}
            className={clsx(
              'shrink-0 text-xs tabular-nums',
              error ? 'text-text-danger' : 'text-text-tertiary',
            )}
          >
            {hint}
          </span>
        )}
      </div>
    </div>
  );
}

/** The meta description with its x/160 counter. */
export function MetaDescriptionField(props: Omit<TextAreaFieldProps, 'testId' | 'hint' | 'rows'>) {
  return (
    <TextAreaField
      {...props}
      rows={3}
      testId="blog-meta"
      hint={`${props.value.length}/${BLOG_LIMITS.metaDescriptionMax}`}
    />
  );
}
