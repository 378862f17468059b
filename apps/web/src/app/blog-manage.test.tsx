import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { Suspense } from 'react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import type { BlogPost, UserRole } from '@chat/contract';
import './i18n';
import { setSession } from '../api/http';
import { ToastProvider } from '../components/ui/Toast';
import { ThemeProvider } from '../state/theme';
import { AuthProvider } from '../features/auth/AuthProvider';
import BlogManagePage from '../features/blog/manage/BlogManagePage';
import BlogEditorRoute from './routes/BlogEditorRoute';
import { testUser } from '../test-support/user';
import { clearSessionHint, setSessionHint } from '../test-support/session-hint';

/** Blog management: the list and the editor. */
const user = testUser({ id: 'w1', name: 'Wanda' });
const post = (over: Partial<BlogPost>): BlogPost => ({
  _id: crypto.randomUUID(),
  title: 'Title',
  slug: 'title',
  metaDescription: 'Description',
  content: 'Body text',
  featuredImage: null,
  tags: [],
  seoKeywords: [],
  status: 'Draft',
  author: { id: 'w1', name: 'Wanda' },
  publishedAt: null,
  createdAt: '2026-03-01T10:00:00.000Z',
  updatedAt: '2026-03-02T10:00:00.000Z',
  ...over,
});

let signedIn: boolean;
let role: UserRole;
let posts: BlogPost[] | 'pending';
let calls: { method: string; url: string; body: unknown }[];
/** What POST /api/blog answers next (a status and body), else the post made. */
let nextSave: { status: number; body: unknown } | null;

beforeEach(() => {
  signedIn = true;
  role = 'WRITER';
  posts = [];
  calls = [];
  nextSave = null;
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit = {}) => {
      const method = init.method ?? 'GET';
      const body = typeof init.body === 'string' ? (JSON.parse(init.body) as unknown) : undefined;
      calls.push({ method, url, body });
      if (url === '/api/config') return Response.json({ appTitle: 'OmniChat' });
      if (url === '/api/auth/refresh') {
        return signedIn ? Response.json({ token: 'access-1', user }) : new Response(null, { status: 204 });
      }
      if (url === '/api/me') {
        return Response.json({ id: user.id, email: user.email, name: user.name, username: null, role });
      }
      if (url === '/api/blog/manage/all') {
        if (posts === 'pending') return new Promise<Response>(() => undefined);
        return Response.json(posts);
      }
      const list = Array.isArray(posts) ? posts : [];
      const one = /^\/api\/blog\/(?:manage\/)?([^/]+)$/.exec(url)?.[1];
      if (method === 'DELETE' && one) {
        posts = list.filter((p) => p._id !== one);
        return Response.json({ message: 'Blog post deleted' });
      }
      if (method === 'POST' && url === '/api/blog') {
        if (nextSave) return Response.json(nextSave.body, { status: nextSave.status });
        const made = post({ ...(body as Partial<BlogPost>), _id: 'new-id' });
        posts = [...list, made];
        return Response.json(made);
      }
      const found = list.find((p) => p._id === one);
      if (method === 'GET' && found) return Response.json(found);
      return Response.json({ message: 'Blog post not found', code: 'not_found' }, { status: 404 });
    }),
  );
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  setSession(null);
  clearSessionHint();
});

function Where() {
  return <output data-testid="where">{useLocation().pathname}</output>;
}

function page(path: string) {
  // The browser of a signed-in person holds the session hint; a visitor's does not.
  if (signedIn) setSessionHint();
  else clearSessionHint();
  return render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <ThemeProvider>
        <ToastProvider>
          <MemoryRouter initialEntries={[path]}>
            <AuthProvider>
              <Suspense fallback={null}>
                <Routes>
                  <Route path="/blog/edit" element={<BlogManagePage />} />
                  <Route path="/blog/edit/:id" element={<BlogEditorRoute />} />
                  <Route path="*" element={null} />
                </Routes>
                <Where />
              </Suspense>
            </AuthProvider>
          </MemoryRouter>
        </ToastProvider>
      </ThemeProvider>
    </QueryClientProvider>,
  );
}

describe('/blog/edit', () => {
  it('asks a visitor to log in, and refuses a signed-in person without a blog role', async () => {
    signedIn = false;
    page('/blog/edit');
    const refused = await screen.findByTestId('blog-manage-refused');
    expect(refused.textContent).toContain('Please log in to access this page');
    expect(within(refused).getByRole('link', { name: 'Log In' }).getAttribute('href')).toBe('/login');
    cleanup();
    signedIn = true;
    role = 'USER';
    page('/blog/edit');
    const denied = await screen.findByTestId('blog-manage-refused');
    expect(denied.textContent).toContain('Access Denied');
    expect(denied.textContent).toContain('Only WRITERs and ADMINs can manage blog posts.');
    expect(within(denied).getByRole('link', { name: 'Go Home' }).getAttribute('href')).toBe('/');
    expect(calls.some((c) => c.url === '/api/blog/manage/all')).toBe(false);
  });

  it('shows 5 skeleton rows while loading', async () => {
    posts = 'pending';
    page('/blog/edit');
    await waitFor(() => expect(screen.getAllByTestId('blog-manage-skeleton')).toHaveLength(5));
    expect(screen.getByRole('link', { name: /Create New Post/ }).getAttribute('href')).toBe('/blog/edit/new');
  });

  it('filters by tab; each row has its status, author, time, description; View only when Approved', async () => {
    role = 'ADMIN';
    posts = [
      post({ title: 'A draft', status: 'Draft' }),
      post({ title: 'In review', status: 'Reviewed', metaDescription: 'Waiting for a look' }),
      post({ title: 'Live one', slug: 'live-one', status: 'Approved', author: { id: 'x', name: 'Other' } }),
    ];
    page('/blog/edit');
    expect(await screen.findByRole('heading', { level: 1, name: 'Manage Blog Posts' })).toBeTruthy();
    const titles = () =>
      screen.queryAllByTestId('blog-manage-row').map((r) => r.querySelector('h2')?.textContent);
    await waitFor(() => expect(titles()).toEqual(['A draft', 'In review', 'Live one']));
    const tabs = screen.getAllByRole('tab').map((t) => t.textContent);
    expect(tabs).toEqual(['All Posts', 'Drafts', 'Under Review', 'Approved']);

    fireEvent.click(screen.getByRole('tab', { name: 'Drafts' }));
    expect(titles()).toEqual(['A draft']);
    fireEvent.click(screen.getByRole('tab', { name: 'Under Review' }));
    expect(titles()).toEqual(['In review']);
    const row = screen.getByTestId('blog-manage-row');
    expect(within(row).getByTestId('blog-status').textContent).toBe('Under Review');
    expect(row.textContent).toContain('By Wanda');
    expect(row.textContent).toContain('Updated ');
    expect(row.textContent).toContain('Waiting for a look');
    expect(within(row).queryByTestId('blog-manage-view')).toBeNull();
    // Arrow keys move between the tabs (WAI-ARIA tabs).
    fireEvent.keyDown(screen.getByRole('tab', { name: 'Under Review' }), { key: 'ArrowRight' });
    expect(screen.getByRole('tab', { name: 'Approved' }).getAttribute('aria-selected')).toBe('true');
    expect(titles()).toEqual(['Live one']);
    const live = screen.getByTestId('blog-manage-row');
    expect(within(live).getByTestId('blog-manage-view').getAttribute('href')).toBe('/blog/live-one');
    expect(within(live).getByTestId('blog-manage-edit').getAttribute('href')).toMatch(
      /^\/blog\/edit\/[0-9a-f-]+$/,
    );
  });

  it('deletes only after the browser confirm says yes', async () => {
    posts = [post({ title: 'Doomed', _id: 'p1' }), post({ title: 'Sent', status: 'Reviewed' })];
    const confirm = vi.spyOn(window, 'confirm').mockReturnValue(false);
    page('/blog/edit');
    await screen.findByText('Doomed');
    // A Writer may delete only their Drafts: the Reviewed post offers no Delete.
    expect(screen.getAllByTestId('blog-manage-delete')).toHaveLength(1);
    fireEvent.click(screen.getByTestId('blog-manage-delete'));
    expect(confirm).toHaveBeenCalledWith('Are you sure you want to delete this blog post?');
    expect(calls.some((c) => c.method === 'DELETE')).toBe(false);
    confirm.mockReturnValue(true);
    fireEvent.click(screen.getByTestId('blog-manage-delete'));
    await waitFor(() => expect(screen.queryByText('Doomed')).toBeNull());
    expect(calls.filter((c) => c.method === 'DELETE').map((c) => c.url)).toEqual(['/api/blog/manage/p1']);
    expect(screen.getByText('Sent')).toBeTruthy();
  });
});

const field = (label: string) => screen.getByLabelText(label) as HTMLInputElement;

describe('/blog/edit/:id', () => {
  it('makes the slug from the title while creating, until the slug is typed; again once it is empty', async () => {
    page('/blog/edit/new');
    expect(await screen.findByRole('heading', { level: 1, name: 'Create New Post' })).toBeTruthy();
    expect(screen.getByTestId('blog-back-manage').getAttribute('href')).toBe('/blog/edit');
    fireEvent.change(field('Title'), { target: { value: '  Hello, World! 2026 ' } });
    expect(field('Slug').value).toBe('hello-world-2026');
    fireEvent.change(field('Slug'), { target: { value: 'my-slug' } });
    fireEvent.change(field('Title'), { target: { value: 'Another title' } });
    expect(field('Slug').value).toBe('my-slug');
    fireEvent.change(field('Slug'), { target: { value: '' } });
    fireEvent.change(field('Title'), { target: { value: 'Third Title' } });
    expect(field('Slug').value).toBe('third-title');
  });

  it('adds tags and keywords with Enter or Add, trimmed, duplicates ignored, removable', async () => {
    page('/blog/edit/new');
    const tags = await screen.findByTestId('blog-tags');
    const input = within(tags).getByLabelText('Tags');
    const chips = () =>
      within(tags)
        .queryAllByTestId('blog-chip')
        .map((c) => c.textContent);
    fireEvent.change(input, { target: { value: '  news ' } });
    fireEvent.keyDown(input, { key: 'Enter' });
    expect(chips()).toEqual(['news']);
    expect((input as HTMLInputElement).value).toBe('');
    fireEvent.change(input, { target: { value: 'news' } });
    fireEvent.click(within(tags).getByRole('button', { name: 'Add' }));
    fireEvent.change(input, { target: { value: 'ai' } });
    fireEvent.click(within(tags).getByRole('button', { name: 'Add' }));
    fireEvent.change(input, { target: { value: '   ' } });
    fireEvent.keyDown(input, { key: 'Enter' });
    expect(chips()).toEqual(['news', 'ai']);
    fireEvent.click(within(tags).getByRole('button', { name: 'Remove news' }));
    expect(chips()).toEqual(['ai']);

    const keywords = screen.getByTestId('blog-keywords');
    const kw = within(keywords).getByLabelText('SEO Keywords');
    fireEvent.change(kw, { target: { value: ' chat ' } });
    fireEvent.keyDown(kw, { key: 'Enter' });
    fireEvent.change(kw, { target: { value: 'chat' } });
    fireEvent.keyDown(kw, { key: 'Enter' });
    expect(
      within(keywords)
        .getAllByTestId('blog-chip')
        .map((c) => c.textContent),
    ).toEqual(['chat']);
  });

  it('counts the meta description (x/160) and shows each field’s error at the field', async () => {
    page('/blog/edit/new');
    const meta = await screen.findByLabelText('Meta Description');
    expect(screen.getByTestId('blog-meta-counter').textContent).toBe('0/160');
    fireEvent.change(meta, { target: { value: 'abc' } });
    expect(screen.getByTestId('blog-meta-counter').textContent).toBe('3/160');
    fireEvent.click(screen.getByTestId('blog-save'));
    expect(await screen.findByText('Title is required')).toBeTruthy();
    expect(screen.getByText('Slug is required')).toBeTruthy();
    expect(screen.getByText('Content is required')).toBeTruthy();
    fireEvent.change(meta, { target: { value: 'x'.repeat(161) } });
    expect(screen.getByTestId('blog-meta-counter').textContent).toBe('161/160');
    expect(screen.getByText('Meta description must be less than 160 characters')).toBeTruthy();
    fireEvent.change(meta, { target: { value: '' } });
    expect(screen.getByText('Meta description is required')).toBeTruthy();
    expect(calls.some((c) => c.url === '/api/blog')).toBe(false);
  });

  it('saves a new post and goes to /blog/edit/{newId}; a slug taken (409) shows at the slug', async () => {
    page('/blog/edit/new');
    fireEvent.change(await screen.findByLabelText('Title'), { target: { value: 'Fresh post' } });
    fireEvent.change(screen.getByLabelText('Content (Markdown)'), { target: { value: '# Hi' } });
    fireEvent.change(screen.getByLabelText('Meta Description'), { target: { value: 'About it' } });
    nextSave = {
      status: 409,
      body: {
        message: 'A blog post with this slug already exists',
        code: 'conflict',
        issues: [{ path: 'slug', message: 'A blog post with this slug already exists' }],
      },
    };
    fireEvent.click(screen.getByTestId('blog-save'));
    const slugError = await screen.findByText('A blog post with this slug already exists');
    expect(field('Slug').getAttribute('aria-describedby')).toBe(slugError.id);
    nextSave = null;
    fireEvent.change(field('Slug'), { target: { value: 'fresh-post-2' } });
    fireEvent.click(screen.getByTestId('blog-save'));
    await waitFor(() => expect(screen.getByTestId('where').textContent).toBe('/blog/edit/new-id'));
    const sent = calls.filter((c) => c.method === 'POST' && c.url === '/api/blog').at(-1)!.body;
    expect(sent).toMatchObject({ title: 'Fresh post', slug: 'fresh-post-2', status: 'Draft' });
    expect(await screen.findByRole('heading', { level: 1, name: 'Edit Post' })).toBeTruthy();
  });

  it('offers a Writer Draft or Submit for Review, and an Admin Draft, Under Review, Approved', async () => {
    page('/blog/edit/new');
    const options = async () =>
      Array.from(((await screen.findByTestId('blog-status-select')) as HTMLSelectElement).options).map(
        (o) => o.textContent,
      );
    expect(await options()).toEqual(['Draft', 'Submit for Review']);
    cleanup();
    role = 'ADMIN';
    page('/blog/edit/new');
    expect(await options()).toEqual(['Draft', 'Under Review', 'Approved']);
  });

  it('shows a Writer their post no longer in Draft read-only, with the warning', async () => {
    posts = [post({ _id: 'r1', title: 'Sent off', status: 'Reviewed' })];
    page('/blog/edit/r1');
    expect(await screen.findByTestId('blog-readonly')).toHaveProperty(
      'textContent',
      'This post is no longer in Draft status and cannot be edited by Writers. Contact an Admin if changes are needed.',
    );
    expect(field('Title').value).toBe('Sent off');
    // The whole form is a disabled fieldset.
    for (const control of [
      field('Title'),
      screen.getByLabelText('Content (Markdown)'),
      screen.getByLabelText('Meta Description'),
      screen.getByTestId('blog-status-select'),
      within(screen.getByTestId('blog-tags')).getByLabelText('Tags'),
      screen.getByTestId('blog-image-upload'),
    ]) {
      expect(control.matches(':disabled')).toBe(true);
    }
    expect(screen.queryByTestId('blog-save')).toBeNull();
    // The preview still works.
    fireEvent.click(screen.getByTestId('blog-preview-toggle'));
    expect(await screen.findByTestId('blog-preview')).toBeTruthy();
  });

  it('says why a post could not be loaded, with a way back', async () => {
    page('/blog/edit/missing');
    const error = await screen.findByTestId('blog-editor-error');
    expect(error.textContent).toContain('Error Loading Blog Post');
    expect(error.textContent).toContain('Blog post not found');
    expect(within(error).getByRole('link', { name: /Back to Blog Management/ })).toBeTruthy();
  });

  it('previews the content with the blog’s Markdown (no raw HTML run)', { timeout: 30_000 }, async () => {
    page('/blog/edit/new');
    fireEvent.change(await screen.findByLabelText('Title'), { target: { value: 'Previewed' } });
    fireEvent.change(screen.getByLabelText('Content (Markdown)'), {
      target: { value: '## Sub heading\n\n<img src=x onerror="alert(1)">' },
    });
    fireEvent.click(screen.getByTestId('blog-preview-toggle'));
    const preview = await screen.findByTestId('blog-preview');
    // The Markdown chunk loads on first use (slow on a cold test run).
    expect(
      await within(preview).findByRole('heading', { level: 2, name: 'Sub heading' }, { timeout: 15_000 }),
    ).toBeTruthy();
    expect(preview.querySelector('img[onerror]')).toBeNull();
    expect(screen.getByTestId('blog-preview-toggle').textContent).toBe('Edit');
    fireEvent.click(screen.getByTestId('blog-preview-toggle'));
    expect((screen.getByLabelText('Title') as HTMLInputElement).value).toBe('Previewed');
  });
});
