import { useState } from 'react';
import { sharePageUrl } from '@chat/contract';
import { Button } from '../../components/ui/Button';
import { Dialog } from '../../components/ui/Dialog';
import { useToast } from '../../components/ui/Toast';
import { useTranslation } from '../../hooks/useTranslation';
import { visibleLeaf } from '../../state/visible-branch';
import { useShareActions, useShareLink } from './api';

/**
 * The conversation's shared link: made on request (the branch on screen, as it is now), then
 * its address to copy, its snapshot to take again, or the link to delete (the address then
 * answers "not found" at once).
 */
export default function ShareDialog({
  conversationId,
  onClose,
}: {
  conversationId: string;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const toast = useToast();
  const link = useShareLink(conversationId);
  const { create, update, remove } = useShareActions(conversationId);
  const [copied, setCopied] = useState(false);
  const shareId = link.data?.shareId ?? null;
  const url = shareId ? sharePageUrl(window.location.origin, shareId) : '';
  const failed = () => toast.show({ message: t('com_share_error'), severity: 'error' });

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(url);
      setCopied(true);
    } catch {
      failed();
    }
  };

  return (
    <Dialog
      open
      onClose={onClose}
      title={t('com_share_title')}
      description={shareId ? t('com_share_description_shared') : t('com_share_description')}
      data-testid="share-dialog"
      footer={
        shareId ? (
          <>
            <Button
              variant="danger"
              loading={remove.isPending}
              onClick={() => remove.mutate(shareId, { onError: failed })}
              data-testid="share-delete"
            >
              {t('com_share_delete')}
            </Button>
            <Button
              variant="secondary"
              loading={update.isPending}
              onClick={() =>
                update.mutate(shareId, {
                  onSuccess: () => toast.show({ message: t('com_share_updated'), severity: 'success' }),
                  onError: failed,
                })
              }
              data-testid="share-update"
            >
              {t('com_share_update')}
            </Button>
            <Button onClick={() => void copy()} data-testid="share-copy">
              {copied ? t('com_share_copied') : t('com_share_copy')}
            </Button>
          </>
        ) : (
          <Button
            loading={create.isPending || link.isPending}
            disabled={link.isError}
            onClick={() => create.mutate(visibleLeaf(conversationId), { onError: failed })}
            data-testid="share-create"
          >
            {t('com_share_create')}
          </Button>
        )
      }
    >
      {link.isError && <p className="text-sm text-text-danger">{t('com_share_error')}</p>}
      {shareId && (
        <input
          readOnly
          value={url}
          aria-label={t('com_share_link')}
          onFocus={(e) => e.currentTarget.select()}
          className="w-full rounded-lg border border-border-medium bg-surface-secondary px-3 py-2 text-sm text-text-primary"
          data-testid="share-url"
        />
      )}
    </Dialog>
  );
}
