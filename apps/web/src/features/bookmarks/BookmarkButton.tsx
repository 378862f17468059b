import { lazy, Suspense, useState, type ReactNode } from 'react';
import { Bookmark, Plus } from 'lucide-react';
import { useConversation } from '../../api/messages';
import { IconButton } from '../../components/ui/IconButton';
import { Menu, type MenuEntry } from '../../components/ui/Menu';
import { useToast } from '../../components/ui/Toast';
import { useTranslation } from '../../hooks/useTranslation';
import type { Slots } from '../../platform/slots';
import { useBookmarksShown, useSetConversationTags, useTags } from './api';

/** The name and description form: loaded when a bookmark is first created or edited. */
const BookmarkEditDialog = lazy(() => import('./BookmarkEditDialog'));

/**
 * The chat header's bookmark button, for a saved conversation: a menu of the person's bookmarks,
 * each checked when this conversation carries it (choosing one puts it on or takes it off), and
 * "New bookmark", which creates one on this conversation. Filled while the conversation has any.
 */
export function BookmarkButton({ routeId }: Slots['chat.header.items']): ReactNode {
  const shown = useBookmarksShown();
  if (!shown || routeId === 'new') return null;
  return <BookmarkMenu conversationId={routeId} />;
}

function BookmarkMenu({ conversationId }: { conversationId: string }): ReactNode {
  const { t } = useTranslation();
  const toast = useToast();
  const [creating, setCreating] = useState(false);
  const tags = useTags();
  const carried = useConversation(conversationId).data?.tags ?? [];
  const set = useSetConversationTags(conversationId);

  const toggle = (tag: string) => {
    const next = carried.includes(tag) ? carried.filter((t) => t !== tag) : [...carried, tag];
    set.mutate(next, {
      onError: () => toast.show({ message: t('com_ui_bookmarks_update_error'), severity: 'error' }),
    });
  };

  const items: MenuEntry[] = [
    {
      key: 'new',
      label: t('com_ui_bookmarks_new'),
      icon: <Plus className="size-4" />,
      onSelect: () => setCreating(true),
      testId: 'bookmark-new',
    },
  ];
  if (tags.isPending) items.push({ key: 'loading', kind: 'label', label: t('com_ui_loading') });
  else if (tags.isError) items.push({ key: 'error', kind: 'label', label: t('com_ui_bookmarks_load_error') });
  else if (tags.data.length > 0) {
    items.push({ key: 'separator', kind: 'separator' });
    for (const tag of tags.data)
      items.push({
        key: `tag:${tag.tag}`,
        label: tag.tag,
        checkbox: true,
        checked: carried.includes(tag.tag),
        disabled: set.isPending,
        onSelect: () => toggle(tag.tag),
        testId: 'bookmark-item',
      });
  }

  const marked = carried.length > 0;
  return (
    <>
      <Menu
        label={t('com_ui_bookmarks')}
        align="end"
        items={items}
        // A small screen has it across the screen under the header (as the presets menu), since
        // the button may sit anywhere in the header's row.
        className="max-h-[min(24rem,70dvh)] overflow-y-auto max-sm:fixed max-sm:inset-x-2 max-sm:top-14 max-sm:mt-0 sm:max-w-80"
        renderTrigger={(props) => (
          <IconButton
            {...props}
            label={t('com_ui_bookmarks')}
            data-testid="bookmark-button"
            data-bookmarked={marked}
          >
            <Bookmark className="size-5" fill={marked ? 'currentColor' : 'none'} aria-hidden />
          </IconButton>
        )}
      />
      {creating && (
        <Suspense fallback={null}>
          <BookmarkEditDialog conversationId={conversationId} onClose={() => setCreating(false)} />
        </Suspense>
      )}
    </>
  );
}
