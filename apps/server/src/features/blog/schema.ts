import { index, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { BLOG_STATUSES } from '@chat/contract';
import { timestamps } from '../../db/columns.js';
import { users } from '../auth/schema.js';

/**
 * Blog posts. Public readers see only `Approved` ones; the
 * author is kept as a reference (null once the account is gone: such a post is nobody's, and
 * only an ADMIN may then change or delete it). `publishedAt` is set when a post is first Approved.
 */
export const blogPosts = pgTable(
  'blog_posts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    title: text('title').notNull(),
    slug: text('slug').notNull(),
    metaDescription: text('meta_description').notNull(),
    content: text('content').notNull(),
    featuredImage: text('featured_image'),
    tags: jsonb('tags').$type<string[]>().notNull().default([]),
    seoKeywords: jsonb('seo_keywords').$type<string[]>().notNull().default([]),
    status: text('status', { enum: BLOG_STATUSES }).notNull().default('Draft'),
    authorId: uuid('author_id').references(() => users.id, { onDelete: 'set null' }),
    publishedAt: timestamp('published_at', { withTimezone: true }),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('blog_posts_slug_idx').on(t.slug),
    index('blog_posts_status_idx').on(t.status, t.publishedAt.desc()),
    index('blog_posts_author_idx').on(t.authorId),
  ],
);
export type BlogPostRow = typeof blogPosts.$inferSelect;
