import { useId, useState, type InputHTMLAttributes, type Ref } from 'react';
import clsx from 'clsx';
import { useTranslation } from '../../hooks/useTranslation';
import { Eye, EyeOff } from 'lucide-react';

export interface TextFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'id'> {
  label: string;
  ref?: Ref<HTMLInputElement>;
  /** Already translated error text; sets aria-invalid and links it with aria-describedby. */
  error?: string;
  /** Adds a show/hide toggle to a password input. */
  revealable?: boolean;
}

/** Labelled input with an inline error (label on top). */
export function TextField({
  label,
  error,
  revealable,
  type = 'text',
  className,
  ref,
  ...rest
}: TextFieldProps) {
  const { t } = useTranslation();
  const id = useId();
  const errorId = `${id}-error`;
  const [revealed, setRevealed] = useState(false);
  const inputType = revealable && revealed ? 'text' : type;
  return (
    <div className={clsx('flex flex-col gap-1.5', className)}>
      <label htmlFor={id} className="text-sm font-medium text-text-primary">
        {label}
      </label>
      <div className="relative">
        <input
          ref={ref}
          id={id}
          type={inputType}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? errorId : undefined}
          className={clsx(
            'h-11 w-full rounded-lg border bg-surface-primary px-3 text-[15px] text-text-primary',
            'placeholder:text-text-tertiary transition-colors focus:outline-none focus:ring-2',
            error
              ? 'border-text-danger focus:ring-text-danger/40'
              : 'border-border-medium focus:border-ring-primary focus:ring-ring-primary/30',
            revealable && 'pe-11',
          )}
          {...rest}
        />
        {revealable && (
          <button
            type="button"
            onClick={() => setRevealed((r) => !r)}
            aria-label={revealed ? t('com_auth_hide_password') : t('com_auth_show_password')}
            aria-pressed={revealed}
            className="absolute inset-y-0 end-0 flex w-11 items-center justify-center rounded-e-lg text-text-tertiary hover:text-text-primary focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring-primary"
          >
            {revealed ? <EyeOff className="size-4" aria-hidden /> : <Eye className="size-4" aria-hidden />}
          </button>
        )}
      </div>
      {error && (
        <p id={errorId} role="alert" className="text-[13px] text-text-danger">
          {error}
        </p>
      )}
    </div>
  );
}
