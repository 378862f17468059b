import './texts';
import { useMemo, useRef, useState, type KeyboardEvent } from 'react';
import { Link } from 'react-router';
import { Plus } from 'lucide-react';
import { BLOG_LIMITS, canBlog, type BlogPost, type BlogStatus } from '@chat/contract';
import { useToast } from '../../../components/ui/Toast';
import { formatDate } from '../../../config/locale';
import { useTranslation } from '../../../hooks/useTranslation';
import { SiteLayout, usePageMeta } from '../../site';
import { useDeletePost, useManagedPosts } from '../manage-api';
import { linkButton, ManageAccess, primaryLink, type Manager } from './ManageAccess';
import { StatusBadge } from './StatusBadge';
import { BlogLoadError } from '../BlogLoadError';

/** The tabs of the management list, and the status each shows (all for All Posts). */
const MANAGE_TABS: readonly { id: string; label: string; status: BlogStatus | null }[] = [
  { id: 'all', label: 'com_blog_tab_all', status: null },
  { id: 'drafts', label: 'com_blog_tab_drafts', status: 'Draft' },
  { id: 'review', label: 'com_blog_tab_review', status: 'Reviewed' },
  { id: 'approved', label: 'com_blog_tab_approved', status: 'Approved' },
];

const secondaryLink = `${linkButton} h-8 px-3 border border-border-medium bg-surface-primary text-text-primary hover:bg-surface-tertiary`;

function PostRow({ post, me, lang }: { post: BlogPost; me: Manager; lang: string }) {
  const { t } = useTranslation();
  const toast = useToast();
  const deletePost = useDeletePost();
  const [deleting, setDeleting] = useState(false);
  const isAuthor = post.author.id !== null && post.author.id === me.id;
  // For display only: the server decides.
  const mayDelete = canBlog({ role: me.role, action: 'delete', status: post.status, isAuthor });

  const onDelete = async () => {
    if (!window.confirm(t('com_blog_delete_confirm'))) return;
    setDeleting(true);
    try {
      await deletePost(post._id);
      toast.show({ message: t('com_blog_deleted'), severity: 'success' });
    } catch {
      toast.show({ message: t('com_blog_delete_failed'), severity: 'error' });
      setDeleting(false);
    }
  };

  return (
    <li
      data-testid="blog-manage-row"
      className="flex flex-col gap-3 rounded-xl border border-border-light bg-surface-secondary p-4 sm:flex-row sm:items-start"
    >
      <div className="flex min-w-0 flex-1 flex-col gap-1.5">
        <div className="flex flex-wrap items-center gap-2">
          <h2 className="min-w-0 break-words text-base font-semibold text-text-primary">{post.title}</h2>
          <StatusBadge status={post.status} />
        </div>
        <p className="text-xs text-text-tertiary">
          {t('com_blog_by', { name: post.author.name })} ·{' '}
          <time dateTime={post.updatedAt}>
            {t('com_blog_updated', {
              date: formatDate(post.updatedAt, lang, { dateStyle: 'medium', timeStyle: 'short' }),
            })}
          </time>
        </p>
        <p className="line-clamp-2 break-words text-sm text-text-secondary">{post.metaDescription}</p>
      </div>
      <div className="flex shrink-0 flex-wrap gap-2">
        {post.status === 'Approved' && (
          <Link
            to={`/blog/${encodeURIComponent(post.slug)}`}
            className={secondaryLink}
            data-testid="blog-manage-view"
            aria-label={`${t('com_blog_view')}: ${post.title}`}
          >
            {t('com_blog_view')}
          </Link>
        )}
        <Link
          to={`/blog/edit/${post._id}`}
          className={secondaryLink}
          data-testid="blog-manage-edit"
          aria-label={`${t('com_blog_edit')}: ${post.title}`}
        >
          {t('com_blog_edit')}
        </Link>
        {mayDelete && (
          <button
            type="button"
            onClick={() => void onDelete()}
            disabled={deleting}
            data-testid="blog-manage-delete"
            aria-label={`${t('com_blog_delete')}: ${post.title}`}
            className={`${linkButton} h-8 px-3 border border-text-danger/40 text-text-danger hover:bg-text-danger/10 disabled:opacity-50`}
          >
            {t('com_blog_delete')}
          </button>
        )}
      </div>
    </li>
  );
}

/** The WAI-ARIA tabs: arrow keys, Home and End move between them. */
function Tabs({ active, onChange }: { active: number; onChange: (i: number) => void }) {
  const { t } = useTranslation();
  const refs = useRef<(HTMLButtonElement | null)[]>([]);
  const onKeyDown = (e: KeyboardEvent) => {
    const last = MANAGE_TABS.length - 1;
    const rtl = document.documentElement.dir === 'rtl';
    const next =
      e.key === (rtl ? 'ArrowLeft' : 'ArrowRight')
        ? active === last
          ? 0
          : active + 1
        : e.key === (rtl ? 'ArrowRight' : 'ArrowLeft')
          ? active === 0
            ? last
            : active - 1
          : e.key === 'Home'
            ? 0
            : e.key === 'End'
              ? last
              : null;
    if (next === null) return;
    e.preventDefault();
    onChange(next);
    refs.current[next]?.focus();
  };
  return (
    <div
      role="tablist"
      aria-label={t('com_blog_manage_title')}
      className="flex gap-1 overflow-x-auto border-b border-border-light"
    >
      {MANAGE_TABS.map((tab, i) => (
        <button
          key={tab.id}
          ref={(el) => {
            refs.current[i] = el;
          }}
          type="button"
          role="tab"
          id={`blog-tab-${tab.id}`}
          aria-selected={i === active}
          aria-controls="blog-manage-panel"
          tabIndex={i === active ? 0 : -1}
          onClick={() => onChange(i)}
          onKeyDown={onKeyDown}
          data-testid={`blog-tab-${tab.id}`}
          className={`-mb-px shrink-0 whitespace-nowrap border-b-2 px-2 py-2 sm:px-3 text-sm font-medium transition-colors focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-inset focus-visible:ring-ring-primary ${
            i === active
              ? 'border-text-primary text-text-primary'
              : 'border-transparent text-text-secondary hover:text-text-primary'
          }`}
        >
          {t(tab.label)}
        </button>
      ))}
    </div>
  );
}

function ManageList({ me }: { me: Manager }) {
  const { t, i18n } = useTranslation();
  const [active, setActive] = useState(0);
  const { data, isPending, isError } = useManagedPosts(true);
  const status = MANAGE_TABS[active]!.status;
  const shown = useMemo(
    () => (data ?? []).filter((p) => status === null || p.status === status),
    [data, status],
  );

  let body;
  if (isPending) {
    body = (
      <ul aria-busy="true" className="flex flex-col gap-3">
        {Array.from({ length: BLOG_LIMITS.manageSkeletons }, (_, i) => (
          <li
            key={i}
            data-testid="blog-manage-skeleton"
            className="h-28 animate-pulse rounded-xl border border-border-light bg-surface-secondary"
          />
        ))}
      </ul>
    );
  } else if (isError) {
    body = <BlogLoadError />;
  } else if (shown.length === 0) {
    body = (
      <p data-testid="blog-manage-empty" className="py-12 text-center text-text-secondary">
        {t('com_blog_manage_empty')}
      </p>
    );
  } else {
    body = (
      <ul className="flex flex-col gap-3">
        {shown.map((post) => (
          <PostRow key={post._id} post={post} me={me} lang={i18n.language} />
        ))}
      </ul>
    );
  }

  return (
    <div
      data-testid="blog-manage"
      className="mx-auto flex w-full max-w-4xl flex-col gap-6 px-4 py-8 sm:px-6 sm:py-12"
    >
      <div className="flex flex-wrap items-center justify-between gap-4">
        <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">{t('com_blog_manage_title')}</h1>
        <Link to="/blog/edit/new" className={primaryLink} data-testid="blog-manage-create">
          <Plus className="size-4" aria-hidden />
          {t('com_blog_create')}
        </Link>
      </div>
      <Tabs active={active} onChange={setActive} />
      <div role="tabpanel" id="blog-manage-panel" aria-labelledby={`blog-tab-${MANAGE_TABS[active]!.id}`}>
        {body}
      </div>
    </div>
  );
}

/** /blog/edit: the posts a WRITER or ADMIN manages. */
export default function BlogManagePage() {
  const { t } = useTranslation();
  usePageMeta(t('com_blog_manage_title'), t('com_blog_description'));
  return (
    <ManageAccess>
      {(me) => (
        <SiteLayout>
          <ManageList me={me} />
        </SiteLayout>
      )}
    </ManageAccess>
  );
}
