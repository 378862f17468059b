import { lazy, Suspense, useState, type ReactNode } from 'react';
import { Share2 } from 'lucide-react';
import { useStartupConfig } from '../../api/config';
import { Button } from '../../components/ui/Button';
import { IconButton } from '../../components/ui/IconButton';
import { useTranslation } from '../../hooks/useTranslation';
import { fill, type SlotEntry, type Slots } from '../../platform/slots';

/** The dialog and its requests load on the first click. */
const ShareDialog = lazy(() => import('./ShareDialog'));
const SharedLinksDialog = lazy(() => import('./SharedLinksDialog'));

/**
 * The header's Share button: for a saved conversation of the endpoint view, while the server
 * offers shared links (ALLOW_SHARED_LINKS).
 */
function ShareButton({ routeId, assistantView }: Slots['chat.header.items']): ReactNode {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const enabled = useStartupConfig().data?.sharedLinksEnabled === true;
  if (!enabled || assistantView || routeId === 'new') return null;
  return (
    <>
      <IconButton label={t('com_share_button')} onClick={() => setOpen(true)} data-testid="share-button">
        <Share2 className="size-5" aria-hidden />
      </IconButton>
      {open && (
        <Suspense fallback={null}>
          <ShareDialog conversationId={routeId} onClose={() => setOpen(false)} />
        </Suspense>
      )}
    </>
  );
}

/**
 * Settings → General, Shared links: Manage opens the list of the person's links; going from it to a
 * conversation closes the settings too, so the conversation is what the person sees.
 */
function SharedLinksRow({ Row, closeSettings }: Slots['settings.general.rows']): ReactNode {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  if (useStartupConfig().data?.sharedLinksEnabled !== true) return null;
  return (
    <Row label={t('com_share_list_title')} hint={t('com_share_settings_hint')}>
      <Button size="sm" variant="secondary" onClick={() => setOpen(true)} data-testid="settings-shared-links">
        {t('com_share_settings_manage')}
      </Button>
      {open && (
        <Suspense fallback={null}>
          <SharedLinksDialog
            onClose={() => setOpen(false)}
            onLeave={() => {
              setOpen(false);
              closeSettings?.();
            }}
          />
        </Suspense>
      )}
    </Row>
  );
}

/**
 * What shared links add: the chat header's Share button (after the other header items) and
 * the Shared links line of Settings → General.
 */
export const shareSlots: readonly SlotEntry<Slots>[] = [
  fill('chat.header.items', { id: 'share', order: 10, component: ShareButton }),
  fill('settings.general.rows', { id: 'share', order: 10, component: SharedLinksRow }),
];
