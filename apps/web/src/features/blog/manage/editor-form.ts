import {
  blogPostInputSchema,
  BLOG_TEXTS,
  slugify,
  type BlogPost,
  type BlogPostInput,
  type BlogStatus,
} from '@chat/contract';
import { ApiError } from '../../../api/http';

/** The editor's fields, as typed. */
export interface EditorValues {
  title: string;
  slug: string;
  content: string;
  metaDescription: string;
  featuredImage: string;
  tags: string[];
  seoKeywords: string[];
  status: BlogStatus;
}
export type EditorField = keyof EditorValues;
/** Per field, the error to show: an i18n key, or a server's text when it has no key. */
export type EditorErrors = Partial<Record<EditorField, string>>;

export const EMPTY_EDITOR: EditorValues = {
  title: '',
  slug: '',
  content: '',
  metaDescription: '',
  featuredImage: '',
  tags: [],
  seoKeywords: [],
  status: 'Draft',
};

export function editorValuesOf(post: BlogPost): EditorValues {
  return {
    title: post.title,
    slug: post.slug,
    content: post.content,
    metaDescription: post.metaDescription,
    featuredImage: post.featuredImage ?? '',
    tags: [...post.tags],
    seoKeywords: [...post.seoKeywords],
    status: post.status,
  };
}

const FIELDS = new Set<string>(Object.keys(EMPTY_EDITOR));
const isField = (f: unknown): f is EditorField => typeof f === 'string' && FIELDS.has(f);

/**
 * A new title also makes the slug while creating (until the slug is typed by hand) and
 * whenever the slug is empty.
 */
export function withTitle(values: EditorValues, title: string, slugFollowsTitle: boolean): EditorValues {
  const follow = slugFollowsTitle || values.slug.trim() === '';
  return { ...values, title, ...(follow ? { slug: slugify(title) } : {}) };
}

/** A tag or keyword is added trimmed; an empty one or a duplicate is ignored. */
export function addToList(list: readonly string[], entry: string): string[] {
  const v = entry.trim();
  return v && !list.includes(v) ? [...list, v] : [...list];
}

/** The contract's rules on the form: the first problem of each field, as i18n keys. */
export function validateEditor(values: EditorValues): { errors: EditorErrors; input?: BlogPostInput } {
  const result = blogPostInputSchema.safeParse(values);
  if (result.success) return { errors: {}, input: result.data };
  const errors: EditorErrors = {};
  for (const issue of result.error.issues) {
    const field = issue.path[0];
    if (isField(field) && !errors[field]) errors[field] = issue.message;
  }
  return { errors };
}

/** A refused save's field problems (a 400's issues; the slug taken: 409 at the slug). */
export function serverEditorErrors(err: unknown): EditorErrors {
  const errors: EditorErrors = {};
  if (!(err instanceof ApiError)) return errors;
  for (const issue of err.issues ?? []) {
    const field = issue.path.split('.')[0];
    if (!isField(field) || errors[field]) continue;
    if (issue.key) errors[field] = issue.key;
    else if (issue.message === BLOG_TEXTS.slugTaken) errors[field] = 'com_blog_slug_taken';
    else errors[field] = issue.message;
  }
  if (err.status === 409 && err.message === BLOG_TEXTS.slugTaken && !errors.slug) {
    errors.slug = 'com_blog_slug_taken';
  }
  return errors;
}
