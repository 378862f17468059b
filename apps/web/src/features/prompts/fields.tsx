import { useId, type ReactNode, type SelectHTMLAttributes, type TextareaHTMLAttributes } from 'react';
import clsx from 'clsx';
import { PROMPT_CATEGORIES } from '@chat/contract';
import { useTranslation } from '../../hooks/useTranslation';

const CONTROL =
  'w-full rounded-lg border border-border-medium bg-surface-primary px-3 text-[15px] text-text-primary focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring-primary';

/** The i18n key of one of LibreChat's categories. */
export const categoryKey = (category: (typeof PROMPT_CATEGORIES)[number]) =>
  `com_ui_prompt_category_${category}` as const;

/** A labelled select (label on top, as TextField). */
export function SelectField({
  label,
  children,
  className,
  ...rest
}: { label: string; children: ReactNode } & Omit<SelectHTMLAttributes<HTMLSelectElement>, 'id'>) {
  const id = useId();
  return (
    <div className={clsx('flex flex-col gap-1.5', className)}>
      <label htmlFor={id} className="text-sm font-medium text-text-primary">
        {label}
      </label>
      <select id={id} className={clsx(CONTROL, 'h-11')} {...rest}>
        {children}
      </select>
    </div>
  );
}

/** A labelled text area with an optional hint and error under it. */
export function TextAreaField({
  label,
  hint,
  error,
  ...rest
}: { label: string; hint?: ReactNode; error?: string | undefined } & Omit<
  TextareaHTMLAttributes<HTMLTextAreaElement>,
  'id'
>) {
  const id = useId();
  const describedBy = [hint ? `${id}-hint` : '', error ? `${id}-error` : ''].filter(Boolean).join(' ');
  return (
    <div className="flex flex-col gap-1.5">
      <label htmlFor={id} className="text-sm font-medium text-text-primary">
        {label}
      </label>
      <textarea
        id={id}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy || undefined}
        className={clsx(CONTROL, 'min-h-28 resize-y py-2 font-mono text-sm')}
        {...rest}
      />
      {hint && (
        <p id={`${id}-hint`} className="text-xs text-text-secondary">
          {hint}
        </p>
      )}
      {error && (
        <p id={`${id}-error`} className="text-sm text-text-danger">
          {error}
        </p>
      )}
    </div>
  );
}

/** The options of a group's category: none, or one of LibreChat's (a category it lacks kept as it is). */
export function CategoryOptions({ current }: { current: string }) {
  const { t } = useTranslation();
  const known = (PROMPT_CATEGORIES as readonly string[]).includes(current);
  return (
    <>
      <option value="">{t('com_ui_prompt_no_category')}</option>
      {PROMPT_CATEGORIES.map((c) => (
        <option key={c} value={c}>
          {t(categoryKey(c))}
        </option>
      ))}
      {!known && current !== '' && <option value={current}>{current}</option>}
    </>
  );
}

/** How variables are written, shown under a prompt's text (the examples are syntax, not words). */
export function VariablesHint() {
  const { t } = useTranslation();
  return (
    <>
      {t('com_ui_prompt_text_hint')} <code dir="ltr">{'{{name}}'}</code>,{' '}
      <code dir="ltr">{'{{name:a|b}}'}</code>, <code dir="ltr">{'{{current_date}}'}</code>,{' '}
      <code dir="ltr">{'{{current_user}}'}</code>
    </>
  );
}
