import clsx from 'clsx';
import { useParams } from 'react-router';
import type { SharedMessage } from '@chat/contract';
import { ApiError } from '../../api/http';
import { FullPageSpinner } from '../../components/ui/Spinner';
import { useTranslation } from '../../hooks/useTranslation';
import { useSignInRedirect } from '../auth';
import { LazyMarkdown } from '../markdown';
import { useSharedSnapshot } from './api';

/**
 * /share/:shareId in the app: the server hands this path to the app when shared links are for
 * signed-in people only, since a page load carries no session it could check. A signed-out reader
 * is sent to sign in as the chat's routes send them (and comes back); a signed-in one reads the
 * snapshot.
 */
export default function SharedPage() {
  // The same short wait and destination as the chat's routes, and back here after signing in.
  const status = useSignInRedirect();
  if (status !== 'authenticated') return <FullPageSpinner />;
  return <SharedSnapshotView />;
}

function SharedSnapshotView() {
  const { t } = useTranslation();
  const { shareId = '' } = useParams();
  const snapshot = useSharedSnapshot(shareId);
  if (snapshot.isPending) return <FullPageSpinner />;
  if (snapshot.isError) {
    const missing = snapshot.error instanceof ApiError && snapshot.error.status === 404;
    return (
      <main className="flex min-h-full items-center justify-center bg-surface-primary px-6 text-center">
        <h1 className="text-xl font-semibold text-text-primary" data-testid="shared-page-error">
          {t(missing ? 'com_share_not_found' : 'com_share_error')}
        </h1>
      </main>
    );
  }
  const { title, messages } = snapshot.data;
  return (
    <main className="min-h-full bg-surface-primary text-text-primary" data-testid="shared-page">
      <div className="mx-auto max-w-3xl px-4 pb-16 pt-6">
        <h1 className="text-2xl font-semibold">{title}</h1>
        <p className="mb-6 text-sm text-text-secondary">{t('com_share_page_note')}</p>
        {messages.length === 0 ? (
          <p>{t('com_share_page_empty')}</p>
        ) : (
          messages.map((m, i) => <SharedMessageItem key={i} message={m} />)
        )}
      </div>
    </main>
  );
}

/**
 * One message, read-only. As in the chat: the person's own words as written (line breaks kept), a
 * reply through the chat's Markdown (code blocks, tables, safe new-tab links, raw HTML as text).
 */
function SharedMessageItem({ message }: { message: SharedMessage }) {
  const { t } = useTranslation();
  const who = message.isCreatedByUser ? t('com_share_page_you') : message.sender;
  return (
    <article
      data-testid="shared-message"
      className={clsx(
        'mb-4 rounded-xl px-4 py-3 [overflow-wrap:anywhere]',
        message.isCreatedByUser && 'bg-surface-secondary',
        message.error && 'border border-text-danger',
      )}
    >
      <p className="mb-1 text-sm font-semibold">{who}</p>
      {message.isCreatedByUser ? (
        <p dir="auto" className="whitespace-pre-wrap">
          {message.text}
        </p>
      ) : (
        // A reply reads in its own direction, as in the chat.
        <div dir="auto" className="markdown" data-testid="shared-message-markdown">
          <LazyMarkdown text={message.text} />
        </div>
      )}
    </article>
  );
}
