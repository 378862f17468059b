import { BLOG_TEXTS, PUBLIC_SITE_PATHS } from '@chat/contract';
import type { PageHead } from '../../platform/html/spa-page.js';
import type { BlogPostWithAuthor } from './repo.js';

const XML_ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&apos;',
};
/** Text safe in XML content and attributes. */
const escapeXml = (text: string): string => text.replace(/[&<>"']/g, (c) => XML_ESCAPES[c]!);

const postUrl = (origin: string, slug: string) => `${origin}/blog/${encodeURIComponent(slug)}`;

/** `/blog/<slug>` → the slug; other paths undefined. */
export function blogSlugOf(pathname: string): string | undefined {
  const m = /^\/blog\/([^/]+)\/?$/.exec(pathname);
  if (!m) return undefined;
  try {
    const slug = decodeURIComponent(m[1]!);
    return slug === 'edit' || slug === 'rss.xml' ? undefined : slug;
  } catch {
    return undefined;
  }
}

/**
 * The head of a post's page (SEO meta tags, structured data): title, description,
 * canonical link, Open Graph and a JSON-LD BlogPosting; the author defaults to the product's team.
 */
export function blogPostHead(post: BlogPostWithAuthor, origin: string, appTitle: string): PageHead {
  const url = postUrl(origin, post.slug);
  const published = (post.publishedAt ?? post.createdAt).toISOString();
  const openGraph: [string, string][] = [
    ['type', 'article'],
    ['title', post.title],
    ['description', post.metaDescription],
    ['url', url],
    ['site_name', appTitle],
  ];
  // An uploaded image is a path of this site (BLOG_IMAGE_PATH): crawlers need it absolute.
  const image = post.featuredImage?.startsWith('/') ? `${origin}${post.featuredImage}` : post.featuredImage;
  if (image) openGraph.push(['image', image]);
  return {
    title: `${post.title} · ${appTitle}`,
    description: post.metaDescription,
    canonical: url,
    openGraph,
    jsonLd: {
      '@context': 'https://schema.org',
      '@type': 'BlogPosting',
      headline: post.title,
      description: post.metaDescription,
      ...(image ? { image } : {}),
      datePublished: published,
      dateModified: post.updatedAt.toISOString(),
      author: {
        '@type': post.authorName ? 'Person' : 'Organization',
        name: post.authorName ?? `${appTitle} Team`,
      },
      publisher: { '@type': 'Organization', name: appTitle },
      mainEntityOfPage: { '@type': 'WebPage', '@id': url },
      ...(post.seoKeywords.length ? { keywords: post.seoKeywords.join(', ') } : {}),
    },
  };
}

/** The head of the blog list page. */
export function blogListHead(origin: string, appTitle: string): PageHead {
  return {
    title: `Blog · ${appTitle}`,
    description: 'Articles and news.',
    canonical: `${origin}/blog`,
    openGraph: [
      ['type', 'website'],
      ['title', `Blog · ${appTitle}`],
      ['url', `${origin}/blog`],
    ],
  };
}

/** A missing post's page: its title says so, and search engines leave it out. */
export function blogMissingHead(appTitle: string): PageHead {
  return {
    title: `${BLOG_TEXTS.notFound} · ${appTitle}`,
    description: BLOG_TEXTS.notFoundDetail,
    noindex: true,
  };
}

export function sitemapXml(posts: readonly BlogPostWithAuthor[], origin: string): string {
  const pages = PUBLIC_SITE_PATHS.map(
    (p) => `  <url><loc>${escapeXml(origin + (p === '/' ? '/' : p))}</loc></url>`,
  );
  const entries = posts.map(
    (p) =>
      `  <url><loc>${escapeXml(postUrl(origin, p.slug))}</loc><lastmod>${p.updatedAt.toISOString()}</lastmod></url>`,
  );
  return (
    '<?xml version="1.0" encoding="UTF-8"?>\n' +
    '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n' +
    [...pages, ...entries].join('\n') +
    '\n</urlset>\n'
  );
}

/** robots.txt with NO_INDEX on: no crawler is welcome anywhere, and no sitemap is offered. */
export const ROBOTS_TXT_NO_INDEX = 'User-agent: *\nDisallow: /\n';

export function robotsTxt(posts: readonly BlogPostWithAuthor[], origin: string): string {
  return [
    'User-agent: *',
    'Allow: /',
    'Allow: /blog',
    'Allow: /faq',
    'Allow: /pricing',
    ...posts.map((p) => `Allow: /blog/${encodeURIComponent(p.slug)}`),
    'Disallow: /api/',
    'Disallow: /c/',
    'Disallow: /blog/edit',
    `Sitemap: ${origin}/sitemap.xml`,
    '',
  ].join('\n');
}

export function rssXml(posts: readonly BlogPostWithAuthor[], origin: string, appTitle: string): string {
  const items = posts.map((p) =>
    [
      '    <item>',
      `      <title>${escapeXml(p.title)}</title>`,
      `      <link>${escapeXml(postUrl(origin, p.slug))}</link>`,
      `      <guid isPermaLink="true">${escapeXml(postUrl(origin, p.slug))}</guid>`,
      `      <description>${escapeXml(p.metaDescription)}</description>`,
      `      <pubDate>${(p.publishedAt ?? p.createdAt).toUTCString()}</pubDate>`,
      `      <author>${escapeXml(p.authorName ?? BLOG_TEXTS.defaultAuthor)}</author>`,
      ...p.tags.map((t) => `      <category>${escapeXml(t)}</category>`),
      '    </item>',
    ].join('\n'),
  );
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<rss version="2.0">',
    '  <channel>',
    `    <title>${escapeXml(`${appTitle} Blog`)}</title>`,
    `    <link>${escapeXml(`${origin}/blog`)}</link>`,
    `    <description>${escapeXml(`Articles and news from ${appTitle}.`)}</description>`,
    ...items,
    '  </channel>',
    '</rss>',
    '',
  ].join('\n');
}
