import { lazy, Suspense, useState, type ReactNode } from 'react';
import { Button } from '../../components/ui/Button';
import { useTranslation } from '../../hooks/useTranslation';
import { fill, type SlotEntry, type Slots } from '../../platform/slots';
import { useBookmarksShown } from './api';
import { BookmarkButton } from './BookmarkButton';
import { BookmarkFilter } from './BookmarkFilter';

/** The list and its forms load on the first click. */
const BookmarksDialog = lazy(() => import('./BookmarksDialog'));

/** Settings → General, Bookmarks: Manage opens the list of the person's bookmarks. */
function BookmarksRow({ Row }: Slots['settings.general.rows']): ReactNode {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  if (!useBookmarksShown()) return null;
  return (
    <Row label={t('com_ui_bookmarks')} hint={t('com_ui_bookmarks_settings_hint')}>
      <Button size="sm" variant="secondary" onClick={() => setOpen(true)} data-testid="settings-bookmarks">
        {t('com_ui_bookmarks_manage')}
      </Button>
      {open && (
        <Suspense fallback={null}>
          <BookmarksDialog onClose={() => setOpen(false)} />
        </Suspense>
      )}
    </Row>
  );
}

/**
 * What bookmarks add: the chat header's bookmark menu (before Share), the sidebar's filter above
 * the conversation list, and the Bookmarks line of Settings → General. None of them shows when the
 * operator's interface turns bookmarks off.
 */
export const bookmarksSlots: readonly SlotEntry<Slots>[] = [
  fill('chat.header.items', { id: 'bookmarks', order: 5, component: BookmarkButton }),
  fill('sidebar.filters', { id: 'bookmarks', component: BookmarkFilter }),
  fill('settings.general.rows', { id: 'bookmarks', order: 20, component: BookmarksRow }),
];
