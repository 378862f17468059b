import { and, desc, eq, isNull, sql } from 'drizzle-orm';
import type { BlogStatus, UserRole } from '@chat/contract';
import { isUniqueViolation } from '../../db/errors.js';
import type { Executor } from '../../db/executor.js';
import { blogPosts, users, type BlogPostRow } from '../../db/schema.js';

/** A post with its author's name (null when the author's account is gone). */
export type BlogPostWithAuthor = BlogPostRow & { authorName: string | null };

export type BlogPostValues = Pick<
  BlogPostRow,
  'title' | 'slug' | 'metaDescription' | 'content' | 'featuredImage' | 'tags' | 'seoKeywords' | 'status'
>;

/** The unique index on slug refused the write (PostgreSQL's unique_violation, also PGlite's). */
export class SlugTakenError extends Error {}

export function createBlogRepo(db: Executor) {
  const selectWithAuthor = () =>
    db
      .select({ post: blogPosts, authorName: users.name })
      .from(blogPosts)
      .leftJoin(users, eq(users.id, blogPosts.authorId));
  const flat = (r: { post: BlogPostRow; authorName: string | null }): BlogPostWithAuthor => ({
    ...r.post,
    authorName: r.authorName,
  });

  return {
    /** Whether any post (of any status) names `url` as its featured image. */
    async isFeaturedImage(url: string): Promise<boolean> {
      const rows = await db
        .select({ id: blogPosts.id })
        .from(blogPosts)
        .where(eq(blogPosts.featuredImage, url))
        .limit(1);
      return rows.length > 0;
    },

    /** Approved posts, newest published first: what the public list, sitemap and feed show. */
    async approved(): Promise<BlogPostWithAuthor[]> {
      const rows = await selectWithAuthor()
        .where(eq(blogPosts.status, 'Approved'))
        .orderBy(sql`${blogPosts.publishedAt} desc nulls last`, desc(blogPosts.createdAt));
      return rows.map(flat);
    },

    async approvedBySlug(slug: string): Promise<BlogPostWithAuthor | undefined> {
      const [row] = await selectWithAuthor().where(
        and(eq(blogPosts.slug, slug), eq(blogPosts.status, 'Approved')),
      );
      return row && flat(row);
    },

    /** Every post (authorId undefined) or one author's, most recently updated first. */
    async all(authorId?: string): Promise<BlogPostWithAuthor[]> {
      const rows = await selectWithAuthor()
        .where(authorId === undefined ? undefined : eq(blogPosts.authorId, authorId))
        .orderBy(desc(blogPosts.updatedAt));
      return rows.map(flat);
    },

    async byId(id: string): Promise<BlogPostWithAuthor | undefined> {
      const [row] = await selectWithAuthor().where(eq(blogPosts.id, id));
      return row && flat(row);
    },

    async create(authorId: string, values: BlogPostValues, now: Date): Promise<string> {
      try {
        const [row] = await db
          .insert(blogPosts)
          .values({
            ...values,
            authorId,
            publishedAt: values.status === 'Approved' ? now : null,
            createdAt: now,
            updatedAt: now,
          })
          .returning({ id: blogPosts.id });
        return row!.id;
      } catch (err) {
        if (isUniqueViolation(err)) throw new SlugTakenError();
        throw err;
      }
    },

    /**
     * Updates a post only while it still has the status the permission check saw (a concurrent
     * approval makes a Writer's edit miss: false). The first approval sets publishedAt.
     */
    async update(id: string, seenStatus: BlogStatus, values: BlogPostValues, now: Date): Promise<boolean> {
      try {
        const rows = await db
          .update(blogPosts)
          .set({
            ...values,
            publishedAt:
              values.status === 'Approved'
                ? sql`coalesce(${blogPosts.publishedAt}, ${now.toISOString()}::timestamptz)`
                : blogPosts.publishedAt,
            updatedAt: now,
          })
          .where(and(eq(blogPosts.id, id), eq(blogPosts.status, seenStatus)))
          .returning({ id: blogPosts.id });
        return rows.length > 0;
      } catch (err) {
        if (isUniqueViolation(err)) throw new SlugTakenError();
        throw err;
      }
    },

    async delete(id: string, seenStatus: BlogStatus): Promise<boolean> {
      const rows = await db
        .delete(blogPosts)
        .where(and(eq(blogPosts.id, id), eq(blogPosts.status, seenStatus)))
        .returning({ id: blogPosts.id });
      return rows.length > 0;
    },

    /** Sets the role of the (not deleted) account with this address; undefined when there is none. */
    /** GET /api/me's answer: who the caller is and their blog role. */
    async me(userId: string) {
      const [row] = await db
        .select({
          id: users.id,
          email: users.email,
          name: users.name,
          username: users.username,
          role: users.role,
        })
        .from(users)
        .where(eq(users.id, userId));
      return row;
    },
    async setRole(email: string, role: UserRole) {
      const [row] = await db
        .update(users)
        .set({ role, updatedAt: new Date() })
        .where(and(sql`lower(${users.email}) = ${email.toLowerCase()}`, isNull(users.deletedAt)))
        .returning({
          id: users.id,
          email: users.email,
          name: users.name,
          username: users.username,
          role: users.role,
        });
      return row;
    },

    async roleOf(userId: string) {
      const [row] = await db.select({ role: users.role }).from(users).where(eq(users.id, userId));
      return row?.role;
    },
  };
}
export type BlogRepo = ReturnType<typeof createBlogRepo>;
