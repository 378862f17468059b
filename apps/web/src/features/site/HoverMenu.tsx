import { useId, useRef, useState } from 'react';
import { Link } from 'react-router';
import { ChevronDown } from 'lucide-react';
import { useTranslation } from '../../hooks/useTranslation';
import { secondaryLinkClass } from './links';

/**
 * The landing page's hover menu to /blog and /faq. It opens on hover, on focus within
 * and on click (touch screens have no hover); Escape closes it and gives focus back to its button.
 * On a server-rendered page site/client.ts does the same on this markup (`data-hover-menu`).
 */
export function HoverMenu() {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const id = useId();
  const button = useRef<HTMLButtonElement>(null);
  return (
    <div
      data-hover-menu=""
      className="relative"
      onMouseEnter={() => setOpen(true)}
      onMouseLeave={() => setOpen(false)}
      onFocus={() => setOpen(true)}
      onBlur={(e) => {
        if (!e.currentTarget.contains(e.relatedTarget as Node | null)) setOpen(false);
      }}
      onKeyDown={(e) => {
        if (e.key === 'Escape' && open) {
          setOpen(false);
          button.current?.focus();
        }
      }}
    >
      <button
        ref={button}
        type="button"
        data-testid="landing-more"
        aria-expanded={open}
        aria-controls={id}
        onClick={() => setOpen((v) => !v)}
        className={`${secondaryLinkClass} gap-1`}
      >
        {t('com_site_explore')}
        <ChevronDown className="size-4" aria-hidden />
      </button>
      <div id={id} hidden={!open} className="absolute start-0 top-full z-10 min-w-40 pt-1">
        <ul className="overflow-hidden rounded-lg border border-border-light bg-surface-secondary py-1 shadow-lg">
          <li>
            <Link
              to="/blog"
              className="block px-4 py-2 text-start text-sm text-text-primary hover:bg-surface-tertiary"
            >
              {t('com_site_blog')}
            </Link>
          </li>
          <li>
            <Link
              to="/faq"
              className="block px-4 py-2 text-start text-sm text-text-primary hover:bg-surface-tertiary"
            >
              {t('com_site_faq')}
            </Link>
          </li>
        </ul>
      </div>
    </div>
  );
}
