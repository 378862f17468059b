import { useCallback, useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import { PanelLeft } from 'lucide-react';
import { LOCAL_KEYS, UI_LIMITS } from '@chat/contract';
import { IconButton } from '../components/ui/IconButton';

/*
 * Sidebar visibility, shared through a tiny external store (no provider needed, so the chat
 * header can render <NavToggleButton/> anywhere). Persisted in localStorage `navVisible`
 * (spec §9). On small screens the sidebar is a drawer that starts closed.
 */
const MOBILE_QUERY = `(max-width: ${UI_LIMITS.mobileBreakpointPx}px)`;
const listeners = new Set<() => void>();

function matchesMobile(): boolean {
  return typeof window !== 'undefined' && typeof window.matchMedia === 'function'
    ? window.matchMedia(MOBILE_QUERY).matches
    : false;
}

function readStoredVisible(): boolean {
  try {
    const raw = localStorage.getItem(LOCAL_KEYS.navVisible);
    return raw === null ? true : raw !== 'false';
  } catch {
    return true;
  }
}

let isMobileState = matchesMobile();
let visibleState = isMobileState ? false : readStoredVisible();

function emit(): void {
  for (const l of listeners) l();
}

if (typeof window !== 'undefined' && typeof window.matchMedia === 'function') {
  const mq = window.matchMedia(MOBILE_QUERY);
  mq.addEventListener?.('change', (e) => {
    isMobileState = e.matches;
    // Entering mobile closes the drawer; going back to desktop restores the stored choice.
    visibleState = e.matches ? false : readStoredVisible();
    emit();
  });
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function setNavVisible(visible: boolean): void {
  if (visible === visibleState) return;
  visibleState = visible;
  // The drawer's open state on mobile is transient; only the desktop choice is remembered.
  if (!isMobileState) {
    try {
      localStorage.setItem(LOCAL_KEYS.navVisible, String(visible));
    } catch {
      // storage unavailable: keep the in-memory state
    }
  }
  emit();
}

export interface NavState {
  visible: boolean;
  setVisible: (visible: boolean) => void;
  toggle: () => void;
  isMobile: boolean;
}

export function useNav(): NavState {
  const visible = useSyncExternalStore(
    subscribe,
    () => visibleState,
    () => true,
  );
  const isMobile = useSyncExternalStore(
    subscribe,
    () => isMobileState,
    () => false,
  );
  const toggle = useCallback(() => setNavVisible(!visibleState), []);
  return { visible, setVisible: setNavVisible, toggle, isMobile };
}

export interface NavToggleButtonProps {
  className?: string;
  /**
   * Render nothing while the sidebar is open on desktop (it has its own close button, testid
   * nav-close), as ChatGPT does. Default true; on mobile the button always renders.
   */
  hideWhenOpen?: boolean;
}

/** Opens/closes the sidebar (testid nav-toggle). Rendered by the chat header. */
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
      <PanelLeft className="size-5" aria-hidden />
    </IconButton>
  );
}
