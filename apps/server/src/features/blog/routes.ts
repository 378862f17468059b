import type { FastifyInstance } from 'fastify';
import { API_ROUTES, BLOG_IMAGE_PATH, BLOG_LIMITS, BLOG_TEXTS } from '@chat/contract';
import type { AppConfig } from '../../config/app-config.js';
import { AppError } from '../../platform/errors.js';
import type { Services } from '../../platform/module.js';
import { addRoute, type RouteOptions } from '../../platform/typed-route.js';
import { createExternalImages } from './external-images.js';
import { ROBOTS_TXT_NO_INDEX, robotsTxt, rssXml, sitemapXml } from './public-pages.js';
import { cachedPostHtml } from './render-html.js';
import type { BlogRepo } from './repo.js';
import type { BlogService } from './service.js';

/** Where featured images are kept in the FileStorage. */
const BLOG_IMAGE_PREFIX = 'blog-images/';

interface BlogRoutesDeps {
  repo: BlogRepo;
  blog: BlogService;
  config: AppConfig;
  clock: () => number;
  /** The site's origin, for absolute links (canonical, sitemap, feed). */
  origin: string;
  operator: Services['operator'];
  files: Services['files'];
  audit: Services['audit'];
}

export function blogRoutes(app: FastifyInstance, deps: BlogRoutesDeps): void {
  const { repo, blog, config, clock, origin, operator, files, audit } = deps;
  addRoute(app, API_ROUTES.me, async ({ user }) => {
    const row = await repo.me(user.id);
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
  // Updating and deleting answer at /api/blog/manage/:id and, for the clients of the earlier
  // path, at /api/blog/:id: the same handler and checks at both.
  for (const def of [API_ROUTES.updateBlogPost, API_ROUTES.updateBlogPostById]) {
    addRoute(app, def, async ({ user, params, body }) => blog.update(user.id, params.id, body), managers);
  }
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
  for (const def of [API_ROUTES.deleteBlogPost, API_ROUTES.deleteBlogPostById]) {
    addRoute(app, def, async ({ user, params }) => blog.delete(user.id, params.id), managers);
  }

  // /sitemap.xml, /robots.txt and /blog/rss.xml: public GETs outside /api (the security matrix
  // names them), built from the Approved posts on each request. With NO_INDEX robots.txt turns
  // every crawler away instead.
  const opts = { config: { public: true } };
  app.get('/sitemap.xml', opts, async (_req, reply) =>
    reply
      .type('application/xml; charset=utf-8')
      .header('Cache-Control', 'no-cache')
      .send(sitemapXml(await repo.approved(), origin)),
  );
  app.get('/robots.txt', opts, async (_req, reply) =>
    reply
      .type('text/plain; charset=utf-8')
      .header('Cache-Control', 'no-cache')
      .send(config.noIndex === true ? ROBOTS_TXT_NO_INDEX : robotsTxt(await repo.approved(), origin)),
  );
  app.get('/blog/rss.xml', opts, async (_req, reply) =>
    reply
      .type('application/rss+xml; charset=utf-8')
      .header('Cache-Control', 'no-cache')
      .send(rssXml(await repo.approved(), origin, config.appTitle)),
  );
}
