import { useParams } from 'react-router';
import { featuredImageSrc, type PublishedBlogPost } from '@chat/contract';
import { formatDate } from '../../config/locale';
import { useTranslation } from '../../hooks/useTranslation';
import { ApiError } from '../../api/http';
import { SiteLayout, usePageMeta } from '../site';
import { useBlogPost } from './api';
import { BackLink } from './BackLink';

function BackToBlog() {
  const { t } = useTranslation();
  return <BackLink to="/blog" testId="back-to-blog" label={t('com_blog_back')} />;
}

/** A post's page: loading, the post, not found, or another failure. */
export type BlogPostState =
  { kind: 'loading' } | { kind: 'post'; post: PublishedBlogPost } | { kind: 'missing' } | { kind: 'failed' };

/**
 * One Approved post. Its content comes rendered by the server (sanitized HTML with
 * highlighted code: features/blog/render-html.ts), so a visitor's page loads no Markdown parser;
 * the Markdown styles come with the route (app/routes/BlogPostRoute.tsx) or the site's stylesheet.
 */
export function BlogPostView({ state }: { state: BlogPostState }) {
  const { t, i18n } = useTranslation();
  let body;
  if (state.kind === 'loading') {
    body = <div aria-busy="true" className="h-96 animate-pulse rounded-xl bg-surface-secondary" />;
  } else if (state.kind !== 'post') {
    const missing = state.kind === 'missing';
    body = (
      <div
        data-testid="blog-not-found"
        role="alert"
        className="flex flex-col items-center gap-4 py-16 text-center"
      >
        <h1 className="text-2xl font-semibold">
          {missing ? t('com_blog_not_found') : t('com_blog_load_failed')}
        </h1>
        {missing && <p className="text-sm text-text-secondary">{t('com_blog_not_found_detail')}</p>}
        <BackToBlog />
      </div>
    );
  } else {
    const { post } = state;
    body = (
      <article data-testid="blog-post" className="flex flex-col gap-6">
        <BackToBlog />
        <header className="flex flex-col gap-3">
          <h1 className="text-3xl font-bold tracking-tight sm:text-4xl">{post.title}</h1>
          <div className="flex flex-wrap items-center gap-2 text-sm text-text-tertiary">
            {post.publishedAt && (
              <time dateTime={post.publishedAt}>
                {formatDate(post.publishedAt, i18n.language, { dateStyle: 'long', timeStyle: 'short' })}
              </time>
            )}
            <span>· {post.author.name}</span>
            {post.tags.map((tag) => (
              <span key={tag} className="rounded-full bg-surface-tertiary px-2 py-0.5 text-xs">
                {tag}
              </span>
            ))}
          </div>
        </header>
        {post.featuredImage && (
          <img
            src={featuredImageSrc(post.featuredImage)}
            alt=""
            className="aspect-video w-full rounded-xl object-cover"
          />
        )}
        <div
          className="markdown prose max-w-none text-text-primary"
          data-testid="blog-post-content"
          // Sanitized on the server with GitHub's rules (no scripts, handlers or javascript: URLs).
          dangerouslySetInnerHTML={{ __html: post.contentHtml }}
        />
      </article>
    );
  }

  return (
    <SiteLayout>
      <div className="mx-auto w-full max-w-3xl px-4 py-10 sm:px-6 sm:py-16">{body}</div>
    </SiteLayout>
  );
}

/** /blog/:slug in the app. The server already wrote the head for crawlers. */
export default function BlogPostPage() {
  const { slug } = useParams();
  const { t } = useTranslation();
  const { data: post, isPending, error } = useBlogPost(slug);
  usePageMeta(
    post?.title ?? t('com_blog_title'),
    post?.metaDescription ?? t('com_blog_description'),
    post
      ? {
          ogTitle: post.title,
          ogType: 'article',
          image: post.featuredImage ?? null,
        }
      : {},
  );
  const state: BlogPostState = isPending
    ? { kind: 'loading' }
    : post
      ? { kind: 'post', post }
      : !(error instanceof ApiError) || error.status === 404
        ? { kind: 'missing' }
        : { kind: 'failed' };
  return <BlogPostView state={state} />;
}
