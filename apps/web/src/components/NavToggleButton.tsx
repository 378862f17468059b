import { useTranslation } from '../hooks/useTranslation';
import { PanelLeft } from 'lucide-react';
import { useNav } from '../state/nav';
import { IconButton } from './ui/IconButton';

export interface NavToggleButtonProps {
  className?: string;
  /**
   * Render nothing while the sidebar is open on desktop (it has its own close button, testid
   * nav-close), as ChatGPT does. Default true; on mobile the button always renders.
   */
  hideWhenOpen?: boolean;
}

/** Opens/closes the sidebar (testid nav-toggle). Rendered by the chat header and the search view. */
export function NavToggleButton({ className, hideWhenOpen = true }: NavToggleButtonProps) {
  const { t } = useTranslation();
  const { visible, toggle, isMobile } = useNav();
  if (hideWhenOpen && visible && !isMobile) return null;
  return (
    <IconButton
      data-testid="nav-toggle"
      label={visible ? t('com_nav_close_sidebar') : t('com_nav_open_sidebar')}
      aria-expanded={visible}
      onClick={toggle}
      className={className}
    >
      <PanelLeft className="size-5 rtl:-scale-x-100" aria-hidden />
    </IconButton>
  );
}
