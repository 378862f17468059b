/**
 * The blog:
 * statuses, roles, limits, the spec's texts and the one permission rule both sides read. Zod-free,
 * so the web's blog pages can use it without loading schemas (those are in blog-schemas.ts).
 */

/** A post's status: Draft, then Reviewed (Submit for Review / Under Review), then Approved. */
export const BLOG_STATUSES = ['Draft', 'Reviewed', 'Approved'] as const;
export type BlogStatus = (typeof BLOG_STATUSES)[number];

/** User role (WRITER, ADMIN and others); USER is everyone else. */
export const USER_ROLES = ['USER', 'WRITER', 'ADMIN'] as const;
export type UserRole = (typeof USER_ROLES)[number];

/** The blog's page sizes and retries. */
export const BLOG_LIMITS = {
  metaDescriptionMax: 160,
  titleMax: 200,
  slugMax: 200,
  contentMaxChars: 200_000,
  featuredImageMax: 2048,
  /** A featured image uploaded through POST /api/blog/images (JPEG, PNG or WebP). */
  imageMaxBytes: 5 * 1024 * 1024,
  /** A featured image at another site, fetched by the server: the wait for it, at most. */
  externalImageTimeoutMs: 10_000,
  /** How long a fetched external image is kept (in memory) and may be kept by browsers. */
  externalImageCacheSeconds: 60 * 60,
  /** The memory the kept external images may take together. */
  externalImageCacheBytes: 32 * 1024 * 1024,
  /** Requests for external images per client address per minute. */
  externalImageRateLimit: { max: 120, windowMs: 60_000 },
  /** Tags and SEO keywords per post, and characters per entry. */
  listMax: 30,
  listEntryMax: 64,
  /** Skeletons while loading. */
  listSkeletons: 6,
  manageSkeletons: 5,
} as const;

/** Blog and the field errors (English; the web shows them through i18n keys). */
export const BLOG_TEXTS = {
  notFound: 'Blog post not found',
  notFoundDetail: "The blog post you're looking for doesn't exist or has been removed.",
  forbiddenView: 'You do not have permission to view this blog post',
  forbiddenEdit: 'You do not have permission to edit this blog post',
  forbiddenDelete: 'You do not have permission to delete this blog post',
  forbiddenStatus: 'You do not have permission to set this status',
  forbiddenManage: 'Only WRITERs and ADMINs can manage blog posts.',
  slugTaken: 'A blog post with this slug already exists',
  imageTooLarge: 'The image must be 5 MB or smaller.',
  externalImageUnavailable: 'The featured image could not be loaded.',
  writerReadOnly:
    'This post is no longer in Draft status and cannot be edited by Writers. Contact an Admin if changes are needed.',
  /** The structured-data author when a post has none named. */
  defaultAuthor: 'Anonymous',
} as const;

/**
 * What a caller may do with a post. `view` is reading a post through the management routes
 * (Approved posts are public through GET /api/blog/:slug for everyone).
 */
export type BlogAction = 'create' | 'view' | 'edit' | 'delete';

export interface BlogPermissionInput {
  role: UserRole;
  action: BlogAction;
  /** The post's current status; for `create` the status asked for. */
  status: BlogStatus;
  /** Whether the caller is the post's author (a post without an author is nobody's). */
  isAuthor: boolean;
  /** For `edit`: the status the post would have afterwards. */
  nextStatus?: BlogStatus;
}

/** The statuses a role may set (Writers Draft or Reviewed; only an Admin approves). */
export function blogStatusesFor(role: UserRole): readonly BlogStatus[] {
  if (role === 'ADMIN') return BLOG_STATUSES;
  if (role === 'WRITER') return ['Draft', 'Reviewed'];
  return [];
}

/**
 * The one rule the server enforces and the web displays: an ADMIN may do anything
 * to any post; a WRITER creates posts as Draft or Reviewed, and views, edits and deletes only their
 * own posts while they are Draft (an edit may move it to Draft or Reviewed, never Approved); a
 * WRITER views their own posts in any status (read-only once not Draft); anyone else nothing.
 */
export function canBlog(input: BlogPermissionInput): boolean {
  const { role, action, status, isAuthor } = input;
  if (role === 'ADMIN') return true;
  if (role !== 'WRITER') return false;
  const settable = blogStatusesFor(role);
  switch (action) {
    case 'create':
      return settable.includes(status);
    case 'view':
      return isAuthor;
    case 'edit':
      return isAuthor && status === 'Draft' && settable.includes(input.nextStatus ?? status);
    case 'delete':
      return isAuthor && status === 'Draft';
  }
}

/**
 * Where an uploaded featured image is served (public, under a random 128-bit name, like avatars):
 * the path POST /api/blog/images answers, and the only relative featuredImage a post accepts.
 */
export const BLOG_IMAGE_PATH = '/api/blog/images/';
export const BLOG_IMAGE_NAME_RE = /^[0-9a-f]{32}\.(?:png|jpg|webp)$/;
export const isBlogImagePath = (value: string): boolean =>
  value.startsWith(BLOG_IMAGE_PATH) && BLOG_IMAGE_NAME_RE.test(value.slice(BLOG_IMAGE_PATH.length));

/**
 * Where the app serves a featured image kept at another site (`?url=`): the server fetches it,
 * so the page's Content Security Policy allows images from the app's own origin only (a reply's
 * markdown cannot load, and so signal to, any other).
 */
export const BLOG_EXTERNAL_IMAGE_PATH = '/api/blog/images/external';

/** The `src` the web gives a featured image: an uploaded one as it is, another site's through the app. */
export function featuredImageSrc(featuredImage: string): string {
  return /^https?:\/\//i.test(featuredImage)
    ? `${BLOG_EXTERNAL_IMAGE_PATH}?url=${encodeURIComponent(featuredImage)}`
    : featuredImage;
}

/** The slug made from a title (lowercase, non-alphanumerics to hyphens, trimmed). */
export function slugify(title: string): string {
  return title
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, BLOG_LIMITS.slugMax);
}

/** The list's search over title, metaDescription and tags, case-insensitive. */
export function matchesBlogSearch(
  post: { title: string; metaDescription: string; tags: readonly string[] },
  query: string,
): boolean {
  const q = query.trim().toLowerCase();
  if (!q) return true;
  return (
    post.title.toLowerCase().includes(q) ||
    post.metaDescription.toLowerCase().includes(q) ||
    post.tags.some((t) => t.toLowerCase().includes(q))
  );
}

/** Tags and SEO keywords as saved: trimmed, empties dropped, duplicates ignored. */
export function normalizeBlogList(list: readonly string[]): string[] {
  const out: string[] = [];
  for (const raw of list) {
    const v = raw.trim();
    if (v && !out.includes(v)) out.push(v);
  }
  return out;
}
