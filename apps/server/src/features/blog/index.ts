import { API_ROUTES, BLOG_IMAGE_PATH, BLOG_LIMITS, BLOG_TEXTS } from '@chat/contract';
import { cachedPostHtml } from './render-html.js';
import type { FeatureModule } from '../../platform/module.js';
import { addRoute, type RouteOptions } from '../../platform/typed-route.js';
import { AppError } from '../../platform/errors.js';
import { blogListHead, blogMissingHead, blogPostHead, blogPublicRoutes, blogSlugOf } from './public-pages.js';
import { createBlogRepo } from './repo.js';
import { createBlogService, presentBlogPost } from './service.js';
import { createExternalImages } from './external-images.js';
import { users } from '../../db/schema.js';
import { eq } from 'drizzle-orm';

export { createBlogRepo } from './repo.js';

/** Where featured images are kept in the FileStorage. */
const BLOG_IMAGE_PREFIX = 'blog-images/';

/**
 * The blog (business spec §2, §4, §6, §7): the public list and posts, the management routes with
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

    addRoute(app, API_ROUTES.me, async ({ user }) => {
      const [row] = await db
        .select({
          id: users.id,
          email: users.email,
          name: users.name,
          username: users.username,
          role: users.role,
        })
        .from(users)
        .where(eq(users.id, user.id));
      if (!row) throw new AppError('unauthorized', 'User not found');
      return row;
    });
    // Roles are granted by the operator (ADMIN_EMAIL), or on the host: `npm run admin -- set-role`.
    addRoute(
      app,
      API_ROUTES.setUserRole,
      async ({ user, params, body }) => {
        const row = await repo.setRole(params.email, body.role);
        if (!row) throw new AppError('not_found', 'User not found');
        await audit.record(user.id, 'role_change', row.email, { role: body.role });
        return row;
      },
      operator.only,
    );
    addRoute(app, API_ROUTES.blogPosts, async () => blog.publicList());
    addRoute(app, API_ROUTES.blogPost, async ({ params }) => {
      const post = await blog.publicPost(params.slug);
      return { ...post, contentHtml: await cachedPostHtml(`${post._id}@${post.updatedAt}`, post.content) };
    });
    // The management routes refuse anyone without a blog role (WRITER, ADMIN) before they read
    // their input; each post's own rules (role × status × author) are the service's.
    const managers: RouteOptions = {
      authorize: async (user) => {
        await blog.requireManager(user.id);
      },
    };
    addRoute(app, API_ROUTES.blogManageAll, async ({ user }) => blog.manageAll(user.id), managers);
    addRoute(
      app,
      API_ROUTES.blogManageOne,
      async ({ user, params }) => blog.manageOne(user.id, params.id),
      managers,
    );
    addRoute(app, API_ROUTES.createBlogPost, async ({ user, body }) => blog.create(user.id, body), managers);
    addRoute(
      app,
      API_ROUTES.updateBlogPost,
      async ({ user, params, body }) => blog.update(user.id, params.id, body),
      managers,
    );
    // Featured images go through the files feature (its checks, re-encoding and the configured
    // FileStorage), public under a random name like avatars; the role is checked before the body is read.
    addRoute(
      app,
      API_ROUTES.uploadBlogImage,
      async ({ user, request }) => {
        const { name } = await files.uploadPublicImage(user.id, request, {
          prefix: BLOG_IMAGE_PREFIX,
          maxBytes: BLOG_LIMITS.imageMaxBytes,
          tooLarge: BLOG_TEXTS.imageTooLarge,
        });
        return { url: `${BLOG_IMAGE_PATH}${name}` };
      },
      managers,
    );
    // Another site's featured image, through the app (external-images.ts): the CSP stays 'self'.
    const externalImages = createExternalImages({
      isFeatured: repo.isFeaturedImage,
      policy: config.userURLPolicy,
      now: clock,
    });
    addRoute(
      app,
      API_ROUTES.blogExternalImage,
      async ({ query, reply }) => {
        const image = await externalImages.get(query.url);
        return reply
          .type(image.mime)
          .header('cache-control', `public, max-age=${BLOG_LIMITS.externalImageCacheSeconds}`)
          .send(image.body);
      },
      {
        rateLimit: {
          max: BLOG_LIMITS.externalImageRateLimit.max,
          timeWindow: BLOG_LIMITS.externalImageRateLimit.windowMs,
        },
      },
    );
    addRoute(app, API_ROUTES.blogImage, async ({ params, reply }) => {
      const body = await files.readPublicImage(BLOG_IMAGE_PREFIX, params.name);
      const ext = params.name.slice(params.name.lastIndexOf('.') + 1);
      return reply
        .type(ext === 'png' ? 'image/png' : ext === 'webp' ? 'image/webp' : 'image/jpeg')
        .header('cache-control', 'public, max-age=31536000, immutable')
        .send(body);
    });
    addRoute(
      app,
      API_ROUTES.deleteBlogPost,
      async ({ user, params }) => blog.delete(user.id, params.id),
      managers,
    );

    blogPublicRoutes(app, repo, origin, config.appTitle);
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
