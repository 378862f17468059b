import { useState } from 'react';
import { Link } from 'react-router';
import { BLOG_LIMITS, featuredImageSrc, matchesBlogSearch, type BlogPost } from '@chat/contract';
import { formatDate } from '../../config/locale';
import { useTranslation } from '../../hooks/useTranslation';
import { SiteLayout, usePageMeta } from '../site';
import { useBlogPosts } from './api';
import { BlogLoadError } from './BlogLoadError';

/** What the search compares, lowercased (title, description, tags), for the site's script. */
const searchText = (post: BlogPost) =>
  [post.title, post.metaDescription, ...post.tags].join('\n').toLowerCase();

function PostCard({ post, lang }: { post: BlogPost; lang: string }) {
  return (
    <Link
      to={`/blog/${encodeURIComponent(post.slug)}`}
      data-testid="blog-card"
      data-search={searchText(post)}
      className="flex flex-col overflow-hidden rounded-xl border border-border-light bg-surface-secondary transition hover:border-border-medium focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring-primary"
    >
      {post.featuredImage && (
        <img
          src={featuredImageSrc(post.featuredImage)}
          alt=""
          loading="lazy"
          className="aspect-video w-full object-cover"
        />
      )}
      <div className="flex flex-1 flex-col gap-2 p-4">
        <h2 className="text-lg font-semibold text-text-primary">{post.title}</h2>
        <p className="line-clamp-3 text-sm text-text-secondary">{post.metaDescription}</p>
        <div className="mt-auto flex flex-wrap items-center gap-2 pt-2 text-xs text-text-tertiary">
          {post.publishedAt && <time dateTime={post.publishedAt}>{formatDate(post.publishedAt, lang)}</time>}
          {post.tags.map((tag) => (
            <span key={tag} className="rounded-full bg-surface-tertiary px-2 py-0.5">
              {tag}
            </span>
          ))}
        </div>
      </div>
    </Link>
  );
}

export interface BlogListViewProps {
  /** Undefined while loading. */
  posts: readonly BlogPost[] | undefined;
  isError: boolean;
  query: string;
  /** Absent on a server-rendered page, whose script (site/client.ts) filters the cards. */
  onQuery?: (query: string) => void;
}

/**
 * The list: the Approved posts as cards, searched by title, description and tags. The
 * no-match note is always in the page (hidden while something matches), so the site's script
 * only shows or hides it.
 */
export function BlogListView({ posts, isError, query, onQuery }: BlogListViewProps) {
  const { t, i18n } = useTranslation();
  const shown = (posts ?? []).filter((p) => matchesBlogSearch(p, query));

  let body;
  if (!posts && !isError) {
    body = (
      <div className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3" aria-busy="true">
        {Array.from({ length: BLOG_LIMITS.listSkeletons }, (_, i) => (
          <div
            key={i}
            data-testid="blog-skeleton"
            className="h-64 animate-pulse rounded-xl border border-border-light bg-surface-secondary"
          />
        ))}
      </div>
    );
  } else if (!posts) {
    body = <BlogLoadError />;
  } else if (posts.length === 0) {
    body = (
      <p data-testid="blog-empty" className="py-12 text-center text-text-secondary">
        {t('com_blog_empty')}
      </p>
    );
  } else {
    body = (
      <>
        <div data-blog-cards="" className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
          {shown.map((post) => (
            <PostCard key={post._id} post={post} lang={i18n.language} />
          ))}
        </div>
        <p
          data-testid="blog-empty"
          data-blog-no-match=""
          hidden={shown.length > 0}
          className="py-12 text-center text-text-secondary"
        >
          {t('com_blog_no_match')}
        </p>
      </>
    );
  }

  const label = t('com_blog_search_placeholder');
  return (
    <SiteLayout>
      <div data-testid="blog-list" className="mx-auto w-full max-w-6xl px-4 py-10 sm:px-6 sm:py-16">
        <h1 className="mb-6 text-center text-3xl font-bold tracking-tight sm:text-4xl">
          {t('com_blog_title')}
        </h1>
        <input
          type="search"
          data-blog-search=""
          {...(onQuery
            ? { value: query, onChange: (e) => onQuery(e.target.value) }
            : { defaultValue: query })}
          placeholder={label}
          aria-label={label}
          className="mx-auto mb-8 block w-full max-w-md rounded-lg border border-border-medium bg-surface-primary px-4 py-2 text-text-primary focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring-primary"
        />
        {body}
      </div>
    </SiteLayout>
  );
}

/** /blog in the app. */
export default function BlogListPage() {
  const { t } = useTranslation();
  usePageMeta(t('com_blog_title'), t('com_blog_description'));
  const [query, setQuery] = useState('');
  const { data, isError } = useBlogPosts();
  return <BlogListView posts={data} isError={isError} query={query} onQuery={setQuery} />;
}
