import { useEffect, useId, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';
import clsx from 'clsx';
import { Bookmark, ChevronDown } from 'lucide-react';
import { formatNumber } from '../../config/locale';
import { useTranslation } from '../../hooks/useTranslation';
import { setListFilterTags, useListFilterTags } from '../sidebar';
import { useBookmarksShown, useTags } from './api';

/**
 * The sidebar's bookmark filter, above the conversation list: a button that opens the person's
 * bookmarks as checkboxes (each with its count); the list then shows the conversations carrying
 * any chosen one. Not there while the person has no bookmark and none is chosen.
 */
export function BookmarkFilter(): ReactNode {
  const shown = useBookmarksShown();
  const chosen = useListFilterTags();
  // Off means off: a filter chosen before the operator turned bookmarks off no longer narrows.
  useEffect(() => {
    if (!shown && chosen.length > 0) setListFilterTags([]);
  }, [shown, chosen]);
  if (!shown) return null;
  return <FilterControl chosen={chosen} />;
}

function FilterControl({ chosen }: { chosen: readonly string[] }): ReactNode {
  const { t, i18n } = useTranslation();
  const tags = useTags();
  const [open, setOpen] = useState(false);
  const panelId = useId();
  const buttonRef = useRef<HTMLButtonElement>(null);

  // A bookmark deleted elsewhere (another tab) leaves the filter once the list no longer has it.
  useEffect(() => {
    if (!tags.data) return;
    const names = new Set(tags.data.map((tag) => tag.tag));
    if (chosen.some((tag) => !names.has(tag))) setListFilterTags(chosen.filter((tag) => names.has(tag)));
  }, [tags.data, chosen]);

  if (!tags.data || (tags.data.length === 0 && chosen.length === 0)) return null;

  const toggle = (tag: string) =>
    setListFilterTags(chosen.includes(tag) ? chosen.filter((t) => t !== tag) : [...chosen, tag]);
  const onKeyDown = (e: KeyboardEvent) => {
    if (e.key !== 'Escape') return;
    // The sidebar's own Escape (closing the drawer on a small screen) waits for the next press.
    e.preventDefault();
    e.stopPropagation();
    setOpen(false);
    buttonRef.current?.focus();
  };

  return (
    <div className="mx-2 mb-1" onKeyDown={onKeyDown} data-testid="bookmark-filter">
      <button
        ref={buttonRef}
        type="button"
        aria-expanded={open}
        aria-controls={open ? panelId : undefined}
        onClick={() => setOpen((o) => !o)}
        className={clsx(
          'flex h-9 w-full items-center gap-2 rounded-lg px-2.5 text-sm text-text-primary',
          'hover:bg-surface-tertiary focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring-primary',
          chosen.length > 0 && 'bg-surface-active',
        )}
        data-testid="bookmark-filter-button"
      >
        <Bookmark
          className="size-[18px] text-text-secondary"
          fill={chosen.length > 0 ? 'currentColor' : 'none'}
          aria-hidden
        />
        <span className="flex-1 truncate text-start">{t('com_ui_bookmarks_filter')}</span>
        {chosen.length > 0 && (
          <span className="rounded-full bg-surface-tertiary px-1.5 text-xs text-text-secondary">
            {formatNumber(chosen.length, i18n.language)}
          </span>
        )}
        <ChevronDown
          className={clsx('size-4 shrink-0 text-text-tertiary transition-transform', open && 'rotate-180')}
          aria-hidden
        />
      </button>
      {open && (
        <fieldset
          id={panelId}
          className="mt-1 flex max-h-60 flex-col overflow-y-auto rounded-lg border border-border-light p-1"
        >
          <legend className="sr-only">{t('com_ui_bookmarks_filter')}</legend>
          {tags.data.map((tag) => (
            <label
              key={tag.tag}
              className="flex min-h-9 cursor-pointer items-center gap-2 rounded-md px-2 text-sm text-text-primary hover:bg-surface-tertiary"
              data-testid="bookmark-filter-option"
            >
              <input
                type="checkbox"
                checked={chosen.includes(tag.tag)}
                onChange={() => toggle(tag.tag)}
                className="size-4 shrink-0 accent-current"
              />
              <span className="min-w-0 flex-1 truncate">{tag.tag}</span>
              <span className="shrink-0 text-xs text-text-tertiary" aria-hidden>
                {formatNumber(tag.count, i18n.language)}
              </span>
              <span className="sr-only">{t('com_ui_bookmarks_count', { count: tag.count })}</span>
            </label>
          ))}
          {chosen.length > 0 && (
            <button
              type="button"
              onClick={() => setListFilterTags([])}
              className="mt-1 rounded-md px-2 py-1.5 text-start text-sm text-text-secondary hover:bg-surface-tertiary focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring-primary"
              data-testid="bookmark-filter-clear"
            >
              {t('com_ui_bookmarks_filter_clear')}
            </button>
          )}
        </fieldset>
      )}
    </div>
  );
}
