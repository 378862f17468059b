import { Moon, Sun } from 'lucide-react';
import { useTranslation } from '../../hooks/useTranslation';
import { useTheme } from '../../state/theme';

/** The marketing header's dark / light switch (the same preference as Settings → Theme). */
export function ThemeToggle() {
  const { t } = useTranslation();
  const { resolved, setTheme } = useTheme();
  const next = resolved === 'dark' ? 'light' : 'dark';
  return (
    <button
      type="button"
      data-testid="theme-toggle"
      onClick={() => setTheme(next)}
      aria-label={t(next === 'dark' ? 'com_site_switch_to_dark' : 'com_site_switch_to_light')}
      className="inline-flex size-9 items-center justify-center rounded-lg text-text-secondary hover:bg-surface-tertiary hover:text-text-primary focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring-primary"
    >
      {resolved === 'dark' ? <Sun className="size-4" aria-hidden /> : <Moon className="size-4" aria-hidden />}
    </button>
  );
}
