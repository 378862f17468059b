import { Suspense, useState } from 'react';
import { useMatch } from 'react-router';
import { useTranslation } from '../../hooks/useTranslation';
import { CircleHelp, FileDown, FileUp, LogOut, Monitor, Moon, Settings, Shield, Sun } from 'lucide-react';
import {
  HELP_AND_FAQ_DEFAULT_URL,
  isFreeTierUser,
  NEW_CONVO,
  SEARCH_CONVO,
  type Theme,
} from '@chat/contract';
import { useBalance } from '../../api/balance';
import { useStartupConfig } from '../../api/config';
import { Menu, MenuItem, type MenuEntry } from '../../components/ui/Menu';
import { Slot } from '../../platform/slots';
import type { UserMenuItemProps } from './sidebar-slots';
import { formatNumber } from '../../config/locale';
import { useTheme } from '../../state/theme';
import { useStableNavigate } from '../../hooks/useStableNavigate';
import { useAuth } from '../auth';
import { ExportDialog, ImportDialog } from '../export';
import { SettingsDialog } from '../settings';

/** A feature's line in the menu (the `user-menu.items` slot), drawn as the menu's own items. */
function UserMenuItem({ label, icon, onSelect, testId }: UserMenuItemProps) {
  return <MenuItem entry={{ key: label, label, icon, onSelect, testId }} />;
}

function initials(name: string): string {
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

/** The conversation on screen when it is a saved one (not new, not the search view). */
function useSavedConversationId(): string | null {
  const chat = useMatch('/c/:conversationId')?.params.conversationId;
  const assistant = useMatch('/a/:conversationId')?.params.conversationId;
  const id = chat ?? assistant;
  return id && id !== NEW_CONVO && id !== SEARCH_CONVO ? id : null;
}

/**
 * Bottom of the sidebar: avatar + name, opening the balance (when checked), theme, export
 * conversation (a saved one only), import, help and logout.
 */
export function UserMenu() {
  const { t, i18n } = useTranslation();
  const conversationId = useSavedConversationId();
  const [dialog, setDialog] = useState<'export' | 'import' | null>(null);
  const [settingsOpen, setSettingsOpen] = useState(false);
  // Kept mounted after a first opening so closing animates and reopening is instant.
  const [mounted, setMounted] = useState({ export: false, import: false });
  const openDialog = (which: 'export' | 'import') => {
    setMounted((m) => ({ ...m, [which]: true }));
    setDialog(which);
  };
  const { user, logout, isAuthenticated, isOperator } = useAuth();
  const navigate = useStableNavigate();
  const balance = useBalance(isAuthenticated);
  const { theme, setTheme } = useTheme();
  // The operator's own help page (HELP_AND_FAQ_URL), else the built-in FAQ.
  const helpUrl = useStartupConfig().data?.helpAndFaqURL ?? HELP_AND_FAQ_DEFAULT_URL;
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
            label: t('com_nav_balance', { balance: formatNumber(balance.data, i18n.language) }),
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
    ...(conversationId
      ? ([
          {
            key: 'export',
            label: t('com_nav_export_conversation'),
            icon: <FileDown className="size-4" />,
            onSelect: () => openDialog('export'),
            testId: 'export-conversation',
          },
        ] satisfies MenuEntry[])
      : []),
    {
      key: 'import',
      label: t('com_ui_import_conversations'),
      icon: <FileUp className="size-4" />,
      onSelect: () => openDialog('import'),
      testId: 'import-conversations',
    },
    { key: 'sep-io', kind: 'separator' },
    // The FAQ opens in a new tab, so the conversation stays where it was.
    {
      key: 'faq',
      label: t('com_nav_help_faq'),
      icon: <CircleHelp className="size-4" />,
      href: helpUrl,
      external: true,
      testId: 'help-faq',
    },
    { key: 'features', kind: 'node', node: <Slot name="user-menu.items" Item={UserMenuItem} /> },
    { key: 'sep-2', kind: 'separator' },
    // Only the operator's account (the server's word at sign-in; every admin call is checked there).
    ...(isOperator
      ? ([
          {
            key: 'admin',
            label: t('com_nav_admin'),
            icon: <Shield className="size-4" />,
            onSelect: () => navigate('/admin'),
            testId: 'admin-link',
          },
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

  // A free-tier visitor sees Login or Register instead of a name; it ends the
  // free-tier session so they can sign in or register.
  if (isFreeTierUser(user)) {
    return (
      <div className="px-2 pb-2 pt-1">
        <button
          type="button"
          data-testid="login-or-register"
          onClick={() => void logout()}
          className="flex w-full items-center gap-2.5 rounded-lg px-2 py-2 text-start text-sm font-medium text-text-primary hover:bg-surface-tertiary focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring-primary"
        >
          <LogOut className="size-4 shrink-0" aria-hidden />
          <span className="min-w-0 flex-1 truncate">{t('com_nav_login_or_register')}</span>
        </button>
      </div>
    );
  }

  return (
    <>
      <Suspense fallback={null}>
        {mounted.export && conversationId && (
          <ExportDialog
            open={dialog === 'export'}
            onClose={() => setDialog(null)}
            conversationId={conversationId}
          />
        )}
        {mounted.import && <ImportDialog open={dialog === 'import'} onClose={() => setDialog(null)} />}
        {settingsOpen && <SettingsDialog open onClose={() => setSettingsOpen(false)} />}
      </Suspense>
      <Menu
        label={t('com_nav_user_menu')}
        items={items}
        side="top"
        wrapperClassName="relative px-2 pb-2 pt-1"
        className="start-2 end-2"
        renderTrigger={(props) => (
          <button
            type="button"
            {...props}
            data-testid="user-menu"
            className="flex w-full items-center gap-2.5 rounded-lg px-2 py-2 text-start text-sm text-text-primary hover:bg-surface-tertiary focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring-primary aria-expanded:bg-surface-tertiary"
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
    </>
  );
}
