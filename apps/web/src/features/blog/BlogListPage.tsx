import { useMemo, useState } from 'react';
import { Link } from 'react-router';
import { BLOG_LIMITS, featuredImageSrc, matchesBlogSearch, type BlogPost } from '@chat/contract';
import { formatDate } from '../../config/locale';
import { useTranslation } from '../../hooks/useTranslation';
import { SiteLayout, usePageMeta } from '../site';
import { useBlogPosts } from './api';
import { BlogLoadError } from './BlogLoadError';

function PostCard({ post, lang }: { post: BlogPost; lang: string }) {
  return (
    <Link
      to={`/blog/${encodeURIComponent(post.slug)}`}
      data-testid="blog-card"
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

/** /blog (spec §2): the Approved posts as cards, searched by title, description and tags. */
export default function BlogListPage() {
  const { t, i18n } = useTranslation();
  usePageMeta(t('com_blog_title'), t('com_blog_description'));
  const [query, setQuery] = useState('');
  const { data, isPending, isError } = useBlogPosts();
  const shown = useMemo(() => (data ?? []).filter((p) => matchesBlogSearch(p, query)), [data, query]);

  let body;
  if (isPending) {
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
  } else if (isError) {
    body = <BlogLoadError />;
  } else if (shown.length === 0) {
    body = (
      <p data-testid="blog-empty" className="py-12 text-center text-text-secondary">
        {data.length === 0 ? t('com_blog_empty') : t('com_blog_no_match')}
      </p>
    );
  } else {
    body = (
      <div className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
        {shown.map((post) => (
          <PostCard key={post._id} post={post} lang={i18n.language} />
        ))}
      </div>
    );
  }

  return (
    <SiteLayout>
      <div data-testid="blog-list" className="mx-auto w-full max-w-6xl px-4 py-10 sm:px-6 sm:py-16">
        <h1 className="mb-6 text-center text-3xl font-bold tracking-tight sm:text-4xl">
          {t('com_blog_title')}
        </h1>
        <input
          type="search"
          value={query}
          onChange={(e) => setQuery(e.target.value)}
          placeholder={t('com_blog_search_placeholder')}
          aria-label={t('com_blog_search_placeholder')}
          className="mx-auto mb-8 block w-full max-w-md rounded-lg border border-border-medium bg-surface-primary px-4 py-2 text-text-primary focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring-primary"
        />
        {body}
      </div>
    </SiteLayout>
  );
}
