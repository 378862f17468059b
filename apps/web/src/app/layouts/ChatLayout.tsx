import { Suspense, useEffect } from 'react';
import { Outlet } from 'react-router';
import clsx from 'clsx';
import { useTranslation } from '../../hooks/useTranslation';
import { UI_LIMITS } from '@chat/contract';
import { FullPageSpinner } from '../../components/ui/Spinner';
import { Sidebar } from '../../features/sidebar/Sidebar';
import { useNav } from '../../state/nav';
import { useBodyClass } from '../../hooks/useBodyClass';
import { TermsDialog, useAuth } from '../../features/auth';
import { ImpersonationBanner } from '../../features/admin';
import { SlotRegistryProvider } from '../../platform/slots';
import { chatExtensions, featureSlots } from '../features';
import { ChatExtensionsProvider } from '../../features/chat';
import { ShortcutsHost } from '../../features/shortcuts';

/**
 * Sidebar on the left (260 px; a 320 px overlay drawer with a backdrop up to 768 px), main area
 * with the routed chat view.
 */
export function ChatLayout() {
  const { t } = useTranslation();
  const { visible, setVisible, isMobile } = useNav();
  const { impersonating } = useAuth();
  useBodyClass('chat-page');

  // Escape closes the mobile drawer (the other keys are features/shortcuts').
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape' && isMobile && visible && !e.defaultPrevented) setVisible(false);
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [setVisible, isMobile, visible]);
  const width = isMobile ? UI_LIMITS.sidebarWidthMobilePx : UI_LIMITS.sidebarWidthPx;

  return (
    <SlotRegistryProvider value={featureSlots}>
      <ChatExtensionsProvider value={chatExtensions}>
        <div className="flex h-dvh w-full flex-col overflow-hidden bg-surface-primary">
          {impersonating && (
            <Suspense fallback={null}>
              <ImpersonationBanner />
            </Suspense>
          )}
          <div className="flex min-h-0 w-full flex-1 overflow-hidden">
            {isMobile && visible && (
              <div
                className="fixed inset-0 z-30 bg-black/60 animate-[fade-in_150ms_ease-out]"
                aria-hidden
                data-testid="nav-backdrop"
                onClick={() => setVisible(false)}
              />
            )}
            <div
              className={clsx(
                // visibility is in the transition so a hidden sidebar leaves the accessibility tree and
                // the tab order only after it has slid away.
                'shrink-0 overflow-hidden transition-[width,transform,visibility] duration-200 ease-out',
                isMobile ? 'fixed inset-y-0 start-0 z-40 max-w-full' : 'relative h-full',
                // Slides out at the start side: the left, or the right in a right-to-left language.
                isMobile && !visible && '-translate-x-full rtl:translate-x-full',
                !visible && 'invisible',
              )}
              style={{ width: isMobile ? width : visible ? width : 0 }}
              aria-hidden={!visible || undefined}
              inert={!visible || undefined}
            >
              <nav
                aria-label={t('com_nav_conversations')}
                className="h-full"
                style={{ width: isMobile ? '100%' : width }}
              >
                <Sidebar />
              </nav>
            </div>
            <main className="relative flex min-w-0 flex-1 flex-col bg-surface-chat">
              <Suspense fallback={<FullPageSpinner />}>
                <Outlet />
              </Suspense>
            </main>
            <TermsDialog />
            <ShortcutsHost />
          </div>
        </div>
      </ChatExtensionsProvider>
    </SlotRegistryProvider>
  );
}
