import { BLOG_TEXTS, type BlogPost } from '@chat/contract';
import type { BlogPostWithAuthor } from './repo.js';

/** A row as the API answers it. */
export function presentBlogPost(row: BlogPostWithAuthor): BlogPost {
  return {
    _id: row.id,
    title: row.title,
    slug: row.slug,
    metaDescription: row.metaDescription,
    content: row.content,
    featuredImage: row.featuredImage,
    tags: row.tags,
    seoKeywords: row.seoKeywords,
    status: row.status,
    author: { id: row.authorId, name: row.authorName ?? BLOG_TEXTS.defaultAuthor },
    publishedAt: row.publishedAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}
