import { memo } from 'react';
import { Link } from 'react-router';
import clsx from 'clsx';
import { useTranslation } from '../../hooks/useTranslation';
import { MessageSquare, Sparkles, User } from 'lucide-react';
import { DEFAULT_TITLE } from '@chat/contract';
import { formatDate } from '../../config/locale';
import { useLocalPref } from '../../state/local-pref';
import { useNav } from '../../state/nav';
import { useAuth } from '../auth';
import { useEndpoints } from '../../api/endpoints';
import { replyAuthor } from '../model-select';
import type { SearchGroup } from './group-hits';
import { Highlighted } from './Highlighted';

/** One conversation with hits: its title (opens it) and its matching messages. */
export const SearchResult = memo(function SearchResult({
  group,
  terms,
}: {
  group: SearchGroup;
  terms: readonly string[];
}) {
  const { t, i18n } = useTranslation();
  const { isMobile, setVisible } = useNav();
  const title = group.title || DEFAULT_TITLE;
  // The person's own messages carry their name when they chose so (settings: UsernameDisplay).
  const [usernameDisplay] = useLocalPref('UsernameDisplay');
  const { user } = useAuth();
  const you = (usernameDisplay && (user?.username || user?.name)) || t('com_chat_you');
  // A reply is named as in the chat: its endpoint's display name, not a raw endpoint id.
  const endpoints = useEndpoints();
  return (
    <li
      data-testid="search-result"
      data-conversation-id={group.conversationId}
      className="overflow-hidden rounded-2xl border border-border-light bg-surface-primary"
    >
      <Link
        to={`/c/${group.conversationId}`}
        data-testid="search-result-title"
        onClick={() => isMobile && setVisible(false)}
        className="flex items-center gap-2 px-4 py-3 text-sm font-semibold text-text-primary hover:bg-surface-secondary focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-inset focus-visible:ring-ring-primary"
      >
        <MessageSquare className="size-4 shrink-0 text-text-tertiary" aria-hidden />
        <span dir="auto" className="min-w-0 flex-1 truncate" title={title}>
          <Highlighted text={title} terms={terms} />
        </span>
      </Link>
      {group.hits.length > 0 && (
        <ol className="divide-y divide-border-light border-t border-border-light">
          {group.hits.map((m) => {
            const sender = m.isCreatedByUser ? you : replyAuthor(m, endpoints.data, t);
            return (
              <li
                key={m.messageId}
                data-testid="search-hit"
                data-message-id={m.messageId}
                data-role={m.isCreatedByUser ? 'user' : 'assistant'}
                className="flex gap-3 px-4 py-3"
              >
                <span
                  className={clsx(
                    'mt-0.5 flex size-6 shrink-0 items-center justify-center rounded-full border border-border-medium',
                    m.isCreatedByUser ? 'bg-surface-tertiary' : 'bg-surface-primary',
                  )}
                  aria-hidden
                >
                  {m.isCreatedByUser ? <User className="size-3.5" /> : <Sparkles className="size-3.5" />}
                </span>
                <div className="min-w-0 flex-1">
                  <div className="flex items-baseline gap-2 text-xs text-text-tertiary">
                    <span className="font-medium text-text-secondary" data-testid="search-hit-sender">
                      {sender}
                    </span>
                    <time dateTime={m.createdAt}>{formatDate(m.createdAt, i18n.language)}</time>
                  </div>
                  <p
                    dir="auto"
                    data-testid="search-hit-text"
                    className="mt-1 whitespace-pre-wrap break-words text-sm leading-6 text-text-primary"
                  >
                    <Highlighted text={m.text} terms={terms} />
                  </p>
                </div>
              </li>
            );
          })}
        </ol>
      )}
    </li>
  );
});
