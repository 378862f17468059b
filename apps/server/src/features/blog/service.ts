import {
  BLOG_TEXTS,
  canBlog,
  type BlogAction,
  type BlogPost,
  type BlogPostInput,
  type UserRole,
} from '@chat/contract';
import { AppError } from '../../platform/errors.js';
import { presentBlogPost } from './presenter.js';
import { SlugTakenError, type BlogRepo } from './repo.js';

const slugTaken = () =>
  new AppError('conflict', BLOG_TEXTS.slugTaken, [{ path: 'slug', message: BLOG_TEXTS.slugTaken }]);
const notFound = () => new AppError('not_found', BLOG_TEXTS.notFound);

/**
 * The blog's workflow: every management call reads the caller's role from
 * the users row (a role granted or taken away counts at once, whatever the token says) and asks the
 * contract's `canBlog` for the one cell of role × status × action it is about.
 */
export function createBlogService(repo: BlogRepo, now: () => Date) {
  async function roleOf(userId: string): Promise<UserRole> {
    const role = await repo.roleOf(userId);
    if (!role) throw new AppError('unauthorized', 'User not found');
    // Anyone without a blog role is refused before any post is looked up: nothing is learnt.
    if (role !== 'WRITER' && role !== 'ADMIN') throw new AppError('forbidden', BLOG_TEXTS.forbiddenManage);
    return role;
  }

  async function postFor(userId: string, id: string, action: BlogAction, refusal: string) {
    const role = await roleOf(userId);
    const post = await repo.byId(id);
    if (!post) throw notFound();
    const isAuthor = post.authorId !== null && post.authorId === userId;
    if (!canBlog({ role, action, status: post.status, isAuthor })) throw new AppError('forbidden', refusal);
    return { role, post, isAuthor };
  }

  return {
    /** Refuses (403) a caller without the WRITER or ADMIN role, before anything else is done. */
    async requireManager(userId: string): Promise<UserRole> {
      return roleOf(userId);
    },

    async publicList(): Promise<BlogPost[]> {
      return (await repo.approved()).map(presentBlogPost);
    },

    async publicPost(slug: string): Promise<BlogPost> {
      const row = await repo.approvedBySlug(slug);
      if (!row) throw notFound();
      return presentBlogPost(row);
    },

    async manageAll(userId: string): Promise<BlogPost[]> {
      const role = await roleOf(userId);
      const rows = await repo.all(role === 'ADMIN' ? undefined : userId);
      return rows.map(presentBlogPost);
    },

    async manageOne(userId: string, id: string): Promise<BlogPost> {
      const { post } = await postFor(userId, id, 'view', BLOG_TEXTS.forbiddenView);
      return presentBlogPost(post);
    },

    async create(userId: string, input: BlogPostInput): Promise<BlogPost> {
      const role = await roleOf(userId);
      if (!canBlog({ role, action: 'create', status: input.status, isAuthor: true })) {
        throw new AppError('forbidden', BLOG_TEXTS.forbiddenStatus);
      }
      try {
        const id = await repo.create(userId, input, now());
        return presentBlogPost((await repo.byId(id))!);
      } catch (err) {
        if (err instanceof SlugTakenError) throw slugTaken();
        throw err;
      }
    },

    async update(userId: string, id: string, input: BlogPostInput): Promise<BlogPost> {
      const { role, post, isAuthor } = await postFor(userId, id, 'edit', BLOG_TEXTS.forbiddenEdit);
      if (!canBlog({ role, action: 'edit', status: post.status, isAuthor, nextStatus: input.status })) {
        throw new AppError('forbidden', BLOG_TEXTS.forbiddenStatus);
      }
      try {
        // The write holds only if the status is still the one checked (else: decided again).
        if (!(await repo.update(id, post.status, input, now()))) {
          throw new AppError('conflict', 'The blog post changed meanwhile; reload it');
        }
      } catch (err) {
        if (err instanceof SlugTakenError) throw slugTaken();
        throw err;
      }
      return presentBlogPost((await repo.byId(id))!);
    },

    async delete(userId: string, id: string): Promise<{ message: string }> {
      const { post } = await postFor(userId, id, 'delete', BLOG_TEXTS.forbiddenDelete);
      if (!(await repo.delete(id, post.status))) {
        throw new AppError('conflict', 'The blog post changed meanwhile; reload it');
      }
      return { message: 'Blog post deleted' };
    },
  };
}

export type BlogService = ReturnType<typeof createBlogService>;
