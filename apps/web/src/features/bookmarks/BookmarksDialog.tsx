import { lazy, Suspense, useState } from 'react';
import { Pencil, Plus, Trash2 } from 'lucide-react';
import type { ConversationTag } from '@chat/contract';
import { Button } from '../../components/ui/Button';
import { ConfirmDialog } from '../../components/ui/ConfirmDialog';
import { Dialog } from '../../components/ui/Dialog';
import { IconButton } from '../../components/ui/IconButton';
import { Spinner } from '../../components/ui/Spinner';
import { useToast } from '../../components/ui/Toast';
import { useTranslation } from '../../hooks/useTranslation';
import { useDeleteTag, useTags } from './api';

const BookmarkEditDialog = lazy(() => import('./BookmarkEditDialog'));

/** What the manage dialog has open over it: a bookmark's form (a new one without `tag`), or a deletion to confirm. */
type Over = { kind: 'edit'; tag?: ConversationTag } | { kind: 'delete'; tag: ConversationTag } | null;

/**
 * Settings → Bookmarks: the person's bookmarks in their order, each with its description and how
 * many conversations carry it; each can be edited (renamed, described) or deleted, and a new one
 * created.
 */
export default function BookmarksDialog({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation();
  const toast = useToast();
  const tags = useTags();
  const remove = useDeleteTag();
  const [over, setOver] = useState<Over>(null);

  const confirmDelete = (tag: ConversationTag) =>
    remove.mutate(tag.tag, {
      onSuccess: () => {
        toast.show({ message: t('com_ui_bookmarks_delete_success'), severity: 'success' });
        setOver(null);
      },
      onError: () => toast.show({ message: t('com_ui_bookmarks_delete_error'), severity: 'error' }),
    });

  return (
    <Dialog
      open
      onClose={onClose}
      title={t('com_ui_bookmarks')}
      size="sheet"
      data-testid="bookmarks-dialog"
      footer={
        <Button onClick={() => setOver({ kind: 'edit' })} data-testid="bookmarks-new">
          <Plus className="size-4" aria-hidden />
          {t('com_ui_bookmarks_new')}
        </Button>
      }
    >
      {tags.isPending && (
        <div className="flex justify-center py-6 text-text-tertiary">
          <Spinner />
        </div>
      )}
      {tags.isError && <p className="text-sm text-text-danger">{t('com_ui_bookmarks_load_error')}</p>}
      {tags.isSuccess && tags.data.length === 0 && (
        <p className="text-sm text-text-secondary">{t('com_ui_no_bookmarks')}</p>
      )}
      <ul className="divide-y divide-border-light">
        {tags.data?.map((tag) => (
          <li key={tag.tag} className="flex items-center gap-3 py-2" data-testid="bookmark-row">
            <div className="min-w-0 flex-1">
              <span
                className="block truncate text-sm font-medium text-text-primary"
                data-testid="bookmark-row-name"
              >
                {tag.tag}
              </span>
              {tag.description && (
                <span className="block truncate text-xs text-text-secondary">{tag.description}</span>
              )}
            </div>
            <span className="shrink-0 text-xs text-text-secondary" data-testid="bookmark-row-count">
              {t('com_ui_bookmarks_count', { count: tag.count })}
            </span>
            <IconButton
              size="sm"
              label={t('com_ui_bookmarks_edit_named', { name: tag.tag })}
              onClick={() => setOver({ kind: 'edit', tag })}
              data-testid="bookmark-row-edit"
            >
              <Pencil className="size-4" aria-hidden />
            </IconButton>
            <IconButton
              size="sm"
              label={t('com_ui_bookmarks_delete_named', { name: tag.tag })}
              onClick={() => setOver({ kind: 'delete', tag })}
              data-testid="bookmark-row-delete"
            >
              <Trash2 className="size-4" aria-hidden />
            </IconButton>
          </li>
        ))}
      </ul>
      {over?.kind === 'edit' && (
        <Suspense fallback={null}>
          <BookmarkEditDialog tag={over.tag} onClose={() => setOver(null)} />
        </Suspense>
      )}
      {over?.kind === 'delete' && (
        <ConfirmDialog
          title={t('com_ui_bookmarks_delete')}
          description={t('com_ui_bookmarks_delete_confirm', { name: over.tag.tag })}
          pending={remove.isPending}
          onConfirm={() => confirmDelete(over.tag)}
          onClose={() => setOver(null)}
          data-testid="bookmark-delete-dialog"
        />
      )}
    </Dialog>
  );
}
