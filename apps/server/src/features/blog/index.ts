import { API_ROUTES } from '@chat/contract';
import type { FeatureModule } from '../../platform/module.js';
import { addRoute } from '../../platform/typed-route.js';
import { AppError } from '../../platform/errors.js';
import { blogListHead, blogPostHead, blogPublicRoutes, blogSlugOf } from './public-pages.js';
import { createBlogRepo } from './repo.js';
import { createBlogService } from './service.js';
import { users } from '../../db/schema.js';
import { eq } from 'drizzle-orm';

export { createBlogRepo } from './repo.js';

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
    addRoute(app, API_ROUTES.setUserRole, async ({ user, params, body }) => {
      await operator.require(user.id);
      const row = await repo.setRole(params.email, body.role);
      if (!row) throw new AppError('not_found', 'User not found');
      return row;
    });
    addRoute(app, API_ROUTES.blogPosts, async () => blog.publicList());
    addRoute(app, API_ROUTES.blogPost, async ({ params }) => blog.publicPost(params.slug));
    addRoute(app, API_ROUTES.blogManageAll, async ({ user }) => blog.manageAll(user.id));
    addRoute(app, API_ROUTES.blogManageOne, async ({ user, params }) => blog.manageOne(user.id, params.id));
    addRoute(app, API_ROUTES.createBlogPost, async ({ user, body }) => blog.create(user.id, body));
    addRoute(app, API_ROUTES.updateBlogPost, async ({ user, params, body }) =>
      blog.update(user.id, params.id, body),
    );
    addRoute(app, API_ROUTES.deleteBlogPost, async ({ user, params }) => blog.delete(user.id, params.id));

    blogPublicRoutes(app, repo, origin, config.appTitle);
    extend('pageHeads', async (pathname) => {
      if (pathname === '/blog' || pathname === '/blog/') return blogListHead(origin, config.appTitle);
      const slug = blogSlugOf(pathname);
      if (!slug) return undefined;
      const post = await repo.approvedBySlug(slug);
      return post && blogPostHead(post, origin, config.appTitle);
    });
  },
};
