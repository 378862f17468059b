import './texts';
import { useId, useState } from 'react';
import { X } from 'lucide-react';
import { BLOG_LIMITS } from '@chat/contract';
import { useTranslation } from '../../../hooks/useTranslation';
import { addToList } from './editor-form';

export interface ListInputProps {
  label: string;
  placeholder: string;
  values: string[];
  onChange: (next: string[]) => void;
  disabled?: boolean;
  error?: string | undefined;
  testId: string;
}

/**
 * Tags and SEO keywords: added with Enter or the Add button, trimmed, duplicates
 * ignored, each a removable chip.
 */
export function ListInput({ label, placeholder, values, onChange, disabled, error, testId }: ListInputProps) {
  const { t } = useTranslation();
  const id = useId();
  const [draft, setDraft] = useState('');
  const full = values.length >= BLOG_LIMITS.listMax;
  const add = () => {
    if (full) return;
    onChange(addToList(values, draft));
    setDraft('');
  };
  return (
    <div className="flex flex-col gap-1.5" data-testid={testId}>
      <label htmlFor={id} className="text-sm font-medium text-text-primary">
        {label}
      </label>
      <div className="flex gap-2">
        <input
          id={id}
          value={draft}
          disabled={disabled || full}
          maxLength={BLOG_LIMITS.listEntryMax}
          placeholder={placeholder}
          onChange={(e) => setDraft(e.target.value)}
          onKeyDown={(e) => {
            if (e.key === 'Enter' && !e.nativeEvent.isComposing) {
              e.preventDefault();
              add();
            }
          }}
          aria-invalid={error ? true : undefined}
          className="h-11 min-w-0 flex-1 rounded-lg border border-border-medium bg-surface-primary px-3 text-sm text-text-primary placeholder:text-text-tertiary focus:border-ring-primary focus:outline-none focus:ring-2 focus:ring-ring-primary/30 disabled:opacity-60"
        />
        <button
          type="button"
          onClick={add}
          disabled={disabled || full || !draft.trim()}
          className="h-11 shrink-0 rounded-lg border border-border-medium bg-surface-primary px-4 text-sm font-medium text-text-primary hover:bg-surface-tertiary focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring-primary disabled:cursor-not-allowed disabled:opacity-50"
        >
          {t('com_blog_add')}
        </button>
      </div>
      {values.length > 0 && (
        <ul className="flex flex-wrap gap-2" aria-label={label}>
          {values.map((v) => (
            <li
              key={v}
              data-testid="blog-chip"
              className="inline-flex max-w-full items-center gap-1 rounded-full bg-surface-tertiary py-0.5 pe-1 ps-3 text-sm text-text-primary"
            >
              <span className="truncate">{v}</span>
              <button
                type="button"
                disabled={disabled}
                onClick={() => onChange(values.filter((x) => x !== v))}
                aria-label={t('com_blog_remove_item', { item: v })}
                className="inline-flex size-6 items-center justify-center rounded-full text-text-secondary hover:bg-surface-active hover:text-text-primary focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring-primary disabled:opacity-50"
              >
                <X className="size-3.5" aria-hidden />
              </button>
            </li>
          ))}
        </ul>
      )}
      {error && (
        <p role="alert" className="text-[13px] text-text-danger">
          {error}
        </p>
      )}
    </div>
  );
}
