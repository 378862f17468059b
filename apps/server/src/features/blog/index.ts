import type { FeatureModule } from '../../platform/module.js';
import { presentBlogPost } from './presenter.js';
import { blogListHead, blogMissingHead, blogPostHead, blogSlugOf } from './public-pages.js';
import { cachedPostHtml } from './render-html.js';
import { createBlogRepo } from './repo.js';
import { blogRoutes } from './routes.js';
import { createBlogService } from './service.js';

export { createBlogRepo } from './repo.js';
/** The blog's safe Markdown renderer (sanitized, raw HTML dropped), also for shared links' pages. */
export { renderPostHtml as renderSafeMarkdown } from './render-html.js';

/**
 * The blog: the public list and posts, the management routes with
 * the role × status workflow (service.ts, the contract's `canBlog`), GET /api/me, and the pages
 * crawlers read: /blog/<slug> with its head written by the server, /sitemap.xml, /robots.txt and
 * /blog/rss.xml.
 */
export const blogModule: FeatureModule = {
  name: 'blog',
  register({ app, db, config, clock, extend, use }) {
    const operator = use('operator');
    const files = use('files');
    const audit = use('audit');
    const repo = createBlogRepo(db);
    const blog = createBlogService(repo, () => new Date(clock()));
    // Absolute links (canonical, sitemap, feed) need the site's origin; tests may leave it unset.
    const origin = config.clientOrigin ?? 'http://localhost';

    blogRoutes(app, { repo, blog, config, clock, origin, operator, files, audit });
    extend('pageHeads', async (pathname) => {
      if (pathname === '/blog' || pathname === '/blog/') return blogListHead(origin, config.appTitle);
      const slug = blogSlugOf(pathname);
      if (!slug) return undefined;
      const post = await repo.approvedBySlug(slug);
      return post && blogPostHead(post, origin, config.appTitle);
    });
    // The same pages rendered whole for a visitor (platform/html/site-pages.ts): the list with
    // its posts, a post with its HTML, and a missing post's page (404, not for search engines).
    extend('sitePages', async (pathname) => {
      if (pathname === '/blog' || pathname === '/blog/') {
        const posts = (await repo.approved()).map(presentBlogPost);
        return { page: { kind: 'blog', posts }, head: blogListHead(origin, config.appTitle), status: 200 };
      }
      const slug = blogSlugOf(pathname);
      if (!slug) return undefined;
      const row = await repo.approvedBySlug(slug);
      if (!row) {
        return {
          page: { kind: 'post', post: null },
          head: blogMissingHead(config.appTitle),
          status: 404,
        };
      }
      const post = presentBlogPost(row);
      const contentHtml = await cachedPostHtml(`${post._id}@${post.updatedAt}`, post.content);
      return {
        page: { kind: 'post', post: { ...post, contentHtml } },
        head: blogPostHead(row, origin, config.appTitle),
        status: 200,
      };
    });
  },
};
