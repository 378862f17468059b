import { Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CircleHelp, LogOut, Monitor, Moon, Settings, Sun } from 'lucide-react';
import type { Theme } from '@chat/contract';
import { useBalance } from '../../api/balance';
import { Menu, type MenuEntry } from '../../components/ui/Menu';
import { FEATURES } from '../../config/features';
import { useTheme } from '../../state/theme';
import { useAuth } from '../auth';
import { SettingsDialog } from '../settings';

export function initials(name: string): string {
  const parts = name.trim().split(/\s+/).filter(Boolean);
  const letters =
    parts.length > 1 ? [parts[0]![0], parts[parts.length - 1]![0]] : [parts[0]?.[0], parts[0]?.[1]];
  return letters.filter(Boolean).join('').toUpperCase() || '?';
}

const THEME_ICONS: Record<Theme, React.ReactNode> = {
  dark: <Moon className="size-4" />,
  light: <Sun className="size-4" />,
  system: <Monitor className="size-4" />,
};

/** Bottom of the sidebar: avatar + name, opening the balance (when checked), theme, help and logout. */
export function UserMenu() {
  const { t, i18n } = useTranslation();
  const { user, logout, isAuthenticated } = useAuth();
  const balance = useBalance(isAuthenticated);
  const { theme, setTheme } = useTheme();
  const [settingsOpen, setSettingsOpen] = useState(false);
  const name = user?.name || user?.username || user?.email || '';

  const themeItem = (value: Theme): MenuEntry => ({
    key: `theme-${value}`,
    label: t(`com_nav_theme_${value}`),
    icon: THEME_ICONS[value],
    checked: theme === value,
    onSelect: () => setTheme(value),
    testId: `theme-${value}`,
  });

  // Where LibreChat shows it: at the top of the account menu, only when the server checks balances.
  const balanceItems: MenuEntry[] =
    balance.data === undefined
      ? []
      : [
          {
            key: 'balance',
            kind: 'label',
            label: t('com_nav_balance', { balance: balance.data.toLocaleString(i18n.language) }),
            testId: 'balance',
          },
          { key: 'sep-balance', kind: 'separator' },
        ];

  const items: MenuEntry[] = [
    ...balanceItems,
    { key: 'theme-label', kind: 'label', label: t('com_nav_theme') },
    themeItem('dark'),
    themeItem('light'),
    themeItem('system'),
    { key: 'sep-1', kind: 'separator' },
    ...(FEATURES.faq
      ? ([
          {
            key: 'faq',
            label: t('com_nav_help_faq'),
            icon: <CircleHelp className="size-4" />,
            href: '/faq',
            external: true,
            testId: 'help-faq',
          },
          { key: 'sep-2', kind: 'separator' },
        ] satisfies MenuEntry[])
      : []),
    {
      key: 'settings',
      label: t('com_nav_settings'),
      icon: <Settings className="size-4" />,
      onSelect: () => setSettingsOpen(true),
      testId: 'open-settings',
    },
    { key: 'sep-3', kind: 'separator' },
    {
      key: 'logout',
      label: t('com_auth_logout'),
      icon: <LogOut className="size-4" />,
      onSelect: () => void logout(),
      testId: 'logout',
    },
  ];

  return (
    <>
      <Menu
        label={t('com_nav_user_menu')}
        items={items}
        side="top"
        wrapperClassName="relative px-2 pb-2 pt-1"
        className="left-2 right-2"
        renderTrigger={(props) => (
          <button
            type="button"
            {...props}
            data-testid="user-menu"
            className="flex w-full items-center gap-2.5 rounded-lg px-2 py-2 text-left text-sm text-text-primary hover:bg-surface-tertiary focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring-primary aria-expanded:bg-surface-tertiary"
          >
            {user?.avatar ? (
              <img src={user.avatar} alt="" className="size-8 shrink-0 rounded-full object-cover" />
            ) : (
              <span
                aria-hidden
                className="flex size-8 shrink-0 items-center justify-center rounded-full bg-surface-submit text-xs font-semibold text-white"
              >
                {initials(name)}
              </span>
            )}
            <span className="min-w-0 flex-1 truncate font-medium">{name}</span>
          </button>
        )}
      />
      {settingsOpen && (
        <Suspense fallback={null}>
          <SettingsDialog open onClose={() => setSettingsOpen(false)} />
        </Suspense>
      )}
    </>
  );
}
