import { describe, expect, it } from 'vitest';
import {
  BLOG_STATUSES,
  USER_ROLES,
  canBlog,
  matchesBlogSearch,
  normalizeBlogList,
  slugify,
  type BlogAction,
  type BlogStatus,
  type UserRole,
} from './blog.js';
import { blogPostInputSchema } from './blog-schemas.js';
import { VALIDATION_TEXTS } from './validation-texts.js';

/**
 * The blog's permissions, written out cell by cell (not derived from the rule): role × author? ×
 * status → the actions allowed. `edit→X` is an edit that leaves the post in status X.
 */
type Cell = 'view' | 'delete' | 'edit→Draft' | 'edit→Reviewed' | 'edit→Approved';
const ALL: Cell[] = ['view', 'delete', 'edit→Draft', 'edit→Reviewed', 'edit→Approved'];
const EXPECTED: Record<string, Record<BlogStatus, Cell[]>> = {
  'USER author': { Draft: [], Reviewed: [], Approved: [] },
  'USER other': { Draft: [], Reviewed: [], Approved: [] },
  'WRITER author': {
    Draft: ['view', 'delete', 'edit→Draft', 'edit→Reviewed'],
    Reviewed: ['view'],
    Approved: ['view'],
  },
  'WRITER other': { Draft: [], Reviewed: [], Approved: [] },
  'ADMIN author': { Draft: ALL, Reviewed: ALL, Approved: ALL },
  'ADMIN other': { Draft: ALL, Reviewed: ALL, Approved: ALL },
};
const CREATE: Record<UserRole, BlogStatus[]> = {
  USER: [],
  WRITER: ['Draft', 'Reviewed'],
  ADMIN: ['Draft', 'Reviewed', 'Approved'],
};

describe('canBlog: every role × status × action', () => {
  const cells = USER_ROLES.flatMap((role) =>
    [true, false].flatMap((isAuthor) =>
      BLOG_STATUSES.flatMap((status) => ALL.map((cell) => ({ role, isAuthor, status, cell }))),
    ),
  );
  it.each(cells)('$role author=$isAuthor $status $cell', ({ role, isAuthor, status, cell }) => {
    const [action, next] = cell.split('→') as [BlogAction, BlogStatus | undefined];
    const allowed = canBlog({ role, action, status, isAuthor, ...(next ? { nextStatus: next } : {}) });
    expect(allowed).toBe(EXPECTED[`${role} ${isAuthor ? 'author' : 'other'}`]![status].includes(cell));
  });

  it.each(USER_ROLES.flatMap((role) => BLOG_STATUSES.map((status) => ({ role, status }))))(
    'create: $role as $status',
    ({ role, status }) => {
      expect(canBlog({ role, action: 'create', status, isAuthor: true })).toBe(CREATE[role].includes(status));
    },
  );
});

describe('blog fields', () => {
  const valid = { title: 'T', slug: 'a-b', metaDescription: 'M', content: 'C' };
  const messages = (body: Record<string, unknown>) =>
    (blogPostInputSchema.safeParse(body).error?.issues ?? []).map(
      (i) => VALIDATION_TEXTS[i.message as keyof typeof VALIDATION_TEXTS] ?? i.message,
    );

  it('names each missing field with the spec text', () => {
    expect(messages({ title: ' ', slug: '', metaDescription: '', content: '' })).toEqual([
      'Title is required',
      'Slug is required',
      'Meta description is required',
      'Content is required',
    ]);
    expect(messages({ ...valid, metaDescription: 'x'.repeat(161) })).toEqual([
      'Meta description must be less than 160 characters',
    ]);
    expect(messages({ ...valid, metaDescription: 'x'.repeat(160) })).toEqual([]);
    expect(messages({ ...valid, featuredImage: 'javascript:alert(1)' })).toHaveLength(1);
    expect(messages({ ...valid, slug: 'Not A Slug' })).toHaveLength(1);
  });

  it('trims tags and keywords, drops duplicates, defaults the status to Draft', () => {
    const parsed = blogPostInputSchema.parse({
      ...valid,
      tags: [' a ', 'a', '', 'b'],
      seoKeywords: ['k', 'k '],
    });
    expect(parsed).toMatchObject({
      tags: ['a', 'b'],
      seoKeywords: ['k'],
      status: 'Draft',
      featuredImage: null,
    });
    expect(normalizeBlogList(['x', ' x', 'y'])).toEqual(['x', 'y']);
  });

  it('makes slugs from titles and searches title, description and tags case-insensitively', () => {
    expect(slugify('  Hello, World! 2026 ')).toBe('hello-world-2026');
    const post = { title: 'Alpha', metaDescription: 'About beta', tags: ['Gamma'] };
    expect(['alpha', 'BETA', 'gam', ''].map((q) => matchesBlogSearch(post, q))).toEqual([
      true,
      true,
      true,
      true,
    ]);
    expect(matchesBlogSearch(post, 'delta')).toBe(false);
  });
});
