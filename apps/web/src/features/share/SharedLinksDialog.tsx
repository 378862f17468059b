import { Link } from 'react-router';
import { sharePageUrl } from '@chat/contract';
import { Button } from '../../components/ui/Button';
import { Dialog } from '../../components/ui/Dialog';
import { useToast } from '../../components/ui/Toast';
import { formatDate } from '../../config/locale';
import { useTranslation } from '../../hooks/useTranslation';
import { useDeleteSharedLink, useSharedLinks } from './api';

/**
 * The person's shared links, newest first: each one's title (its shared page, in a new tab), date,
 * the conversation it was made from, and Delete. Going to the conversation calls `onLeave`, which
 * closes this list and the settings around it.
 */
export default function SharedLinksDialog({
  onClose,
  onLeave = onClose,
}: {
  onClose: () => void;
  onLeave?: () => void;
}) {
  const { t, i18n } = useTranslation();
  const toast = useToast();
  const list = useSharedLinks();
  const remove = useDeleteSharedLink();
  const links = list.data?.pages.flatMap((p) => p.links) ?? [];
  return (
    <Dialog
      open
      onClose={onClose}
      title={t('com_share_list_title')}
      size="sheet"
      data-testid="shared-links-dialog"
    >
      {list.isError && <p className="text-sm text-text-danger">{t('com_share_error')}</p>}
      {list.isSuccess && links.length === 0 && (
        <p className="text-sm text-text-secondary">{t('com_share_list_empty')}</p>
      )}
      <ul className="divide-y divide-border-light">
        {links.map((link) => (
          <li key={link.shareId} className="flex items-center gap-3 py-2" data-testid="shared-link-row">
            <div className="min-w-0 flex-1">
              <a
                href={sharePageUrl('', link.shareId)}
                target="_blank"
                rel="noopener noreferrer"
                data-testid="shared-link-page"
                className="block truncate rounded text-sm font-medium text-text-primary hover:underline focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring-primary"
              >
                {link.title}
                {/* Heard, not seen: the page opens elsewhere, not here. */}
                <span className="sr-only"> {t('com_share_opens_new_tab')}</span>
              </a>
              <span className="flex flex-wrap items-center gap-x-2 text-xs text-text-secondary">
                {formatDate(link.createdAt, i18n.language)}
                <Link
                  to={`/c/${encodeURIComponent(link.conversationId)}`}
                  onClick={onLeave}
                  aria-label={t('com_share_open_conversation_of', { title: link.title })}
                  data-testid="shared-link-conversation"
                  className="rounded underline hover:text-text-primary focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring-primary"
                >
                  {t('com_share_open_conversation')}
                </Link>
              </span>
            </div>
            <Button
              size="sm"
              variant="secondary"
              disabled={remove.isPending}
              onClick={() =>
                remove.mutate(link, {
                  onError: () => toast.show({ message: t('com_share_error'), severity: 'error' }),
                })
              }
            >
              {t('com_share_delete')}
            </Button>
          </li>
        ))}
      </ul>
      {list.hasNextPage && (
        <Button
          variant="ghost"
          size="sm"
          loading={list.isFetchingNextPage}
          onClick={() => void list.fetchNextPage()}
        >
          {t('com_share_load_more')}
        </Button>
      )}
    </Dialog>
  );
}
