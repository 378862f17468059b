import { Moon, Sun } from 'lucide-react';
import { useTranslation } from '../../hooks/useTranslation';
import { useTheme } from '../../state/theme';

/**
 * The marketing header's dark / light switch (the same preference as Settings → Theme). Both icons
 * are in the page and the `dark` class on <html> shows one: a page rendered on the server, which
 * cannot know the stored theme, is right from its first paint. The labels ride along as data for
 * that page's script (site/client.ts), which flips the theme there.
 */
export function ThemeToggle() {
  const { t } = useTranslation();
  const { resolved, setTheme } = useTheme();
  const next = resolved === 'dark' ? 'light' : 'dark';
  return (
    <button
      type="button"
      data-testid="theme-toggle"
      data-theme-toggle=""
      data-label-dark={t('com_site_switch_to_light')}
      data-label-light={t('com_site_switch_to_dark')}
      onClick={() => setTheme(next)}
      aria-label={t(next === 'dark' ? 'com_site_switch_to_dark' : 'com_site_switch_to_light')}
      className="inline-flex size-9 items-center justify-center rounded-lg text-text-secondary hover:bg-surface-tertiary hover:text-text-primary focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring-primary"
    >
      <Sun className="hidden size-4 dark:block" aria-hidden />
      <Moon className="size-4 dark:hidden" aria-hidden />
    </button>
  );
}
