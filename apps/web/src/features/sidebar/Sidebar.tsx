import { useEffect } from 'react';
import { Link, useMatch } from 'react-router';
import clsx from 'clsx';
import { useTranslation } from '../../hooks/useTranslation';
import { Bot, PanelLeftClose, SquarePen } from 'lucide-react';
import { useNav } from '../../state/nav';
import { IconButton } from '../../components/ui/IconButton';
import { Slot } from '../../platform/slots';
import { ConvoList } from './ConvoList';
import { SidebarSearch } from './SidebarSearch';
import { UserMenu } from './UserMenu';
import { setListFilterTags } from './list-filter';

export function Sidebar() {
  const { t } = useTranslation();
  const { isMobile, setVisible } = useNav();
  const inAssistants = useMatch('/a/new') !== null;
  // The list's filter belongs to this signed-in visit: the sidebar goes with the signed-in layout
  // (sign-out, another account in the same tab), and so does what was chosen.
  useEffect(() => () => setListFilterTags([]), []);
  return (
    <div className="flex h-full flex-col bg-surface-secondary" data-testid="sidebar">
      <div className="flex h-14 shrink-0 items-center justify-between px-2">
        <IconButton
          label={t('com_nav_close_sidebar')}
          data-testid="nav-close"
          onClick={() => setVisible(false)}
        >
          <PanelLeftClose className="size-5 rtl:-scale-x-100" aria-hidden />
        </IconButton>
        <Link
          to="/c/new"
          data-testid="new-chat"
          aria-label={t('com_ui_new_chat')}
          title={t('com_ui_new_chat')}
          onClick={() => isMobile && setVisible(false)}
          className="flex h-9 items-center gap-2 rounded-lg px-2.5 text-sm font-medium text-text-primary hover:bg-surface-tertiary focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring-primary"
        >
          <span>{t('com_ui_new_chat')}</span>
          <SquarePen className="size-[18px]" aria-hidden />
        </Link>
      </div>
      <Link
        to="/a/new"
        data-testid="assistants-link"
        aria-current={inAssistants ? 'page' : undefined}
        onClick={() => isMobile && setVisible(false)}
        className={clsx(
          'mx-2 mb-1 flex h-9 items-center gap-2 rounded-lg px-2.5 text-sm text-text-primary focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring-primary',
          inAssistants ? 'bg-surface-active' : 'hover:bg-surface-tertiary',
        )}
      >
        <Bot className="size-[18px] text-text-secondary" aria-hidden />
        <span>{t('com_assistants_title')}</span>
      </Link>
      <SidebarSearch />
      <Slot name="sidebar.filters" />
      <ConvoList />
      <div className="shrink-0 border-t border-border-light">
        <UserMenu />
      </div>
    </div>
  );
}
