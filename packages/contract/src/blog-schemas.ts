import { z } from 'zod';
import {
  BLOG_EXTERNAL_IMAGE_PATH,
  BLOG_IMAGE_NAME_RE,
  BLOG_LIMITS,
  BLOG_STATUSES,
  USER_ROLES,
  isBlogImagePath,
  normalizeBlogList,
} from './blog.js';
import { idSchema } from './entities-schemas.js';
import { route } from './route-def.js';
import { vkey } from './validation-texts.js';

/** Blog post, as answered (LibreChat's `_id`). */
export const blogPostSchema = z.object({
  _id: z.string(),
  title: z.string(),
  slug: z.string(),
  metaDescription: z.string(),
  content: z.string(),
  featuredImage: z.string().nullable(),
  tags: z.array(z.string()),
  seoKeywords: z.array(z.string()),
  status: z.enum(BLOG_STATUSES),
  author: z.object({ id: z.string().nullable(), name: z.string() }),
  publishedAt: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type BlogPost = z.infer<typeof blogPostSchema>;

/**
 * GET /api/blog/:slug: the post with its content already rendered by the server (sanitized HTML,
 * code highlighted), so a visitor's page carries no Markdown parser. `content` stays the Markdown.
 */
export const publishedBlogPostSchema = blogPostSchema.extend({ contentHtml: z.string() });
export type PublishedBlogPost = z.infer<typeof publishedBlogPostSchema>;

const listField = z
  .array(z.string().max(BLOG_LIMITS.listEntryMax))
  .max(BLOG_LIMITS.listMax)
  .default([])
  .transform(normalizeBlogList);

/** Field checks (texts by key) of POST /api/blog and PUT /api/blog/:id. */
export const blogPostInputSchema = z.object({
  title: z.string().trim().min(1, vkey('com_blog_title_required')).max(BLOG_LIMITS.titleMax),
  slug: z
    .string()
    .trim()
    .min(1, vkey('com_blog_slug_required'))
    .max(BLOG_LIMITS.slugMax)
    .regex(/^$|^[a-z0-9]+(?:-[a-z0-9]+)*$/, vkey('com_blog_slug_invalid')),
  metaDescription: z
    .string()
    .trim()
    .min(1, vkey('com_blog_meta_required'))
    .max(BLOG_LIMITS.metaDescriptionMax, vkey('com_blog_meta_max')),
  content: z.string().min(1, vkey('com_blog_content_required')).max(BLOG_LIMITS.contentMaxChars),
  featuredImage: z
    .string()
    .trim()
    .max(BLOG_LIMITS.featuredImageMax)
    // An http(s) URL, or an image uploaded here (POST /api/blog/images answers its path).
    .refine(
      (v) => v === '' || /^https?:\/\/[^\s]+$/i.test(v) || isBlogImagePath(v),
      vkey('com_blog_image_url'),
    )
    .nullish()
    .transform((v) => v || null),
  tags: listField,
  seoKeywords: listField,
  status: z.enum(BLOG_STATUSES).default('Draft'),
});
export type BlogPostInput = z.infer<typeof blogPostInputSchema>;

/** GET /api/me: who the caller is, for the blog management's login and role check. */
export const meResponseSchema = z.object({
  id: z.string(),
  email: z.string(),
  name: z.string(),
  username: z.string().nullable(),
  role: z.enum(USER_ROLES),
});

/** PUT /api/user/byEmail/:email: the operator grants or takes back a role. */
export const setRoleRequestSchema = z.object({ role: z.enum(USER_ROLES) });

/** POST /api/blog/images answers where the stored image is served (a path of this site). */
export const blogImageResponseSchema = z.object({ url: z.string() });

const slugParams = z.object({ slug: z.string().min(1).max(BLOG_LIMITS.slugMax) });
const idParams = z.object({ id: idSchema });

/** Blog. */
export const BLOG_ROUTES = {
  me: route({
    method: 'GET',
    path: '/api/me',
    summary: "The caller's id, email, name and role",
    response: meResponseSchema,
  }),
  setUserRole: route({
    method: 'PUT',
    path: '/api/user/byEmail/:email',
    summary: "Set a user's role (USER, WRITER, ADMIN); the operator's account (ADMIN_EMAIL) only",
    params: z.object({ email: z.string().trim().email().max(320) }),
    body: setRoleRequestSchema,
    response: meResponseSchema,
  }),
  blogPosts: route({
    method: 'GET',
    path: '/api/blog',
    summary: 'The Approved blog posts, newest published first',
    public: true,
    response: z.array(blogPostSchema),
  }),
  blogPost: route({
    method: 'GET',
    path: '/api/blog/:slug',
    summary: 'One Approved blog post by its slug (404 otherwise), with its content rendered as HTML',
    public: true,
    params: slugParams,
    response: publishedBlogPostSchema,
  }),
  blogManageAll: route({
    method: 'GET',
    path: '/api/blog/manage/all',
    summary: "Every post (ADMIN) or the caller's own posts (WRITER); 403 for other roles",
    response: z.array(blogPostSchema),
  }),
  blogManageOne: route({
    method: 'GET',
    path: '/api/blog/manage/:id',
    summary: 'One post for editing: any for an ADMIN, their own for a WRITER',
    params: idParams,
    response: blogPostSchema,
  }),
  createBlogPost: route({
    method: 'POST',
    path: '/api/blog',
    summary: 'Create a post (WRITER: Draft or Reviewed; ADMIN: any status); the slug is unique',
    body: blogPostInputSchema,
    response: blogPostSchema,
  }),
  updateBlogPost: route({
    method: 'PUT',
    path: '/api/blog/manage/:id',
    summary: 'Update a post (WRITER: only their own Drafts, to Draft or Reviewed; ADMIN: any)',
    params: idParams,
    body: blogPostInputSchema,
    response: blogPostSchema,
  }),
  updateBlogPostById: route({
    method: 'PUT',
    path: '/api/blog/:id',
    summary:
      'The same as PUT /api/blog/manage/{id}: Update a post (WRITER: only their own Drafts, to Draft or Reviewed; ADMIN: any)',
    params: idParams,
    undocumented: true,
    body: blogPostInputSchema,
    response: blogPostSchema,
  }),
  uploadBlogImage: route({
    method: 'POST',
    path: '/api/blog/images',
    summary:
      'Store a featured image (WRITER or ADMIN; multipart: file; JPEG, PNG or WebP up to 5 MB, re-encoded); answers its public URL',
    multipart: { file: 'file', fields: z.object({}) },
    response: blogImageResponseSchema,
  }),
  blogExternalImage: route({
    method: 'GET',
    path: BLOG_EXTERNAL_IMAGE_PATH,
    summary:
      "A post's featured image kept at another site, fetched by the server (public; only a URL some post names)",
    public: true,
    query: z.object({
      url: z
        .string()
        .max(BLOG_LIMITS.featuredImageMax)
        .regex(/^https?:\/\/\S+$/i),
    }),
    response: z.unknown(),
    binary: true,
  }),
  blogImage: route({
    method: 'GET',
    path: '/api/blog/images/:name',
    summary: 'A featured image (public: its name is random and unguessable)',
    public: true,
    params: z.object({ name: z.string().regex(BLOG_IMAGE_NAME_RE) }),
    response: z.unknown(),
    binary: true,
  }),
  deleteBlogPost: route({
    method: 'DELETE',
    path: '/api/blog/manage/:id',
    summary: 'Delete a post (WRITER: only their own Drafts; ADMIN: any)',
    params: idParams,
    response: z.object({ message: z.string() }),
  }),
  deleteBlogPostById: route({
    method: 'DELETE',
    path: '/api/blog/:id',
    summary:
      'The same as DELETE /api/blog/manage/{id}: Delete a post (WRITER: only their own Drafts; ADMIN: any)',
    params: idParams,
    undocumented: true,
    response: z.object({ message: z.string() }),
  }),
} as const;
