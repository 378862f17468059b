import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter, Route, Routes } from 'react-router';
import type { BlogPost } from '@chat/contract';
import './i18n';
import { setSession } from '../api/http';
import { ThemeProvider } from '../state/theme';
import BlogListPage from '../features/blog/BlogListPage';
import BlogPostRoute from './routes/BlogPostRoute';

/** The public blog pages. */
const post = (over: Partial<BlogPost>): BlogPost => ({
  _id: crypto.randomUUID(),
  title: 'Title',
  slug: 'title',
  metaDescription: 'Description',
  content: 'Body text',
  featuredImage: null,
  tags: [],
  seoKeywords: [],
  status: 'Approved',
  author: { id: null, name: 'Anonymous' },
  publishedAt: '2026-03-01T10:00:00.000Z',
  createdAt: '2026-03-01T10:00:00.000Z',
  updatedAt: '2026-03-01T10:00:00.000Z',
  ...over,
});

let posts: BlogPost[] | 'error' | 'pending';
beforeEach(() => {
  posts = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) => {
      if (url === '/api/config') return Response.json({ appTitle: 'OmniChat' });
      if (url === '/api/auth/refresh') return new Response(null, { status: 204 });
      if (url === '/api/blog') {
        if (posts === 'pending') return new Promise<Response>(() => undefined);
        if (posts === 'error') return Response.json({ message: 'down', code: 'internal' }, { status: 500 });
        return Response.json(posts);
      }
      const slug = /^\/api\/blog\/(.+)$/.exec(url)?.[1];
      const found = Array.isArray(posts) ? posts.find((p) => p.slug === slug) : undefined;
      // The server sends the content rendered (features/blog/render-html.ts, tested there).
      return found
        ? Response.json({ ...found, contentHtml: `<h2>${found.title} inside</h2><p>${found.slug}</p>` })
        : Response.json({ message: 'Blog post not found', code: 'not_found' }, { status: 404 });
    }),
  );
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  setSession(null);
});

function page(path: string) {
  return render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <ThemeProvider>
        <MemoryRouter initialEntries={[path]}>
          <Routes>
            <Route path="/blog" element={<BlogListPage />} />
            <Route path="/blog/:slug" element={<BlogPostRoute />} />
          </Routes>
        </MemoryRouter>
      </ThemeProvider>
    </QueryClientProvider>,
  );
}

describe('/blog', () => {
  it('shows 6 skeleton cards while loading', async () => {
    posts = 'pending';
    page('/blog');
    await waitFor(() => expect(screen.getAllByTestId('blog-skeleton')).toHaveLength(6));
  });

  it('says when there are no posts, and when loading failed', async () => {
    page('/blog');
    expect((await screen.findByTestId('blog-empty')).textContent).toBe('No blog posts available yet');
    cleanup();
    posts = 'error';
    page('/blog');
    // After the spec's 2 retries, about 3 s with react-query's backoff.
    expect((await screen.findByRole('alert', {}, { timeout: 6000 })).textContent).toContain(
      'Error loading blog posts',
    );
  }, 10_000);

  it('searches title, meta description and tags, case-insensitively', async () => {
    posts = [
      post({ title: 'Alpha release', slug: 'alpha' }),
      post({ title: 'Other', slug: 'other', metaDescription: 'About BETA things' }),
      post({ title: 'Third', slug: 'third', tags: ['Gamma'] }),
    ];
    page('/blog');
    expect(await screen.findAllByTestId('blog-card')).toHaveLength(3);
    const search = screen.getByPlaceholderText('Search blog posts...');
    for (const [q, title] of [
      ['ALPHA', 'Alpha release'],
      ['beta', 'Other'],
      ['gam', 'Third'],
    ]) {
      fireEvent.change(search, { target: { value: q } });
      const cards = screen.getAllByTestId('blog-card');
      expect(cards.map((c) => c.querySelector('h2')?.textContent)).toEqual([title]);
    }
    fireEvent.change(search, { target: { value: 'zzz' } });
    expect(screen.getByTestId('blog-empty').textContent).toBe('No blog posts match your search');
  });
});

describe('/blog/:slug', () => {
  it('shows the post with its tags and the content the server rendered', async () => {
    posts = [post({ slug: 'hello', title: 'Hello', tags: ['News'], content: '## Markdown' })];
    page('/blog/hello');
    expect((await screen.findByRole('heading', { level: 1 })).textContent).toBe('Hello');
    expect(screen.getByText('News')).toBeTruthy();
    expect(screen.getByRole('heading', { level: 2, name: 'Hello inside' })).toBeTruthy();
    expect(screen.getByTestId('blog-post-content').textContent).toBe('Hello insidehello');
    await waitFor(() => expect(document.title).toContain('Hello'));
  });

  it('writes the post’s own head (canonical, Open Graph) when reached from another page in the app', async () => {
    // The head the server wrote for the first page, /blog.
    document.head.insertAdjacentHTML(
      'beforeend',
      '<link rel="canonical" href="http://localhost:3000/blog" /><meta property="og:title" content="Blog · OmniChat" />' +
        '<meta property="og:url" content="http://localhost:3000/blog" /><meta property="og:type" content="website" />',
    );
    posts = [
      post({
        slug: 'hello',
        title: 'Hello',
        metaDescription: 'About hello',
        featuredImage: '/images/blog/a.png',
      }),
    ];
    page('/blog');
    fireEvent.click(await screen.findByTestId('blog-card'));
    expect((await screen.findByRole('heading', { level: 1 })).textContent).toBe('Hello');
    const og = (key: string) =>
      document.head.querySelector(`meta[property="og:${key}"]`)?.getAttribute('content');
    await waitFor(() => expect(og('title')).toBe('Hello'));
    const url = `${location.origin}/blog/hello`;
    expect(document.head.querySelector('link[rel="canonical"]')?.getAttribute('href')).toBe(url);
    expect(og('url')).toBe(url);
    expect(og('type')).toBe('article');
    expect(og('description')).toBe('About hello');
    expect(og('image')).toBe(`${location.origin}/images/blog/a.png`);
    expect(document.head.querySelector('meta[name="description"]')?.getAttribute('content')).toBe(
      'About hello',
    );
    document.head.querySelectorAll('link[rel="canonical"], meta[property^="og:"]').forEach((e) => e.remove());
  });

  it('says Blog post not found with Back to Blog for a missing post', async () => {
    page('/blog/nothing');
    const box = await screen.findByTestId('blog-not-found');
    expect(box.textContent).toContain('Blog post not found');
    expect(screen.getByTestId('back-to-blog').getAttribute('href')).toBe('/blog');
  });
});

describe('featured images', () => {
  it("load another site's image through the app (the CSP allows only its own origin) and an uploaded one as it is", async () => {
    const external = 'https://images.example.com/a cat.png?size=large';
    const uploaded = `/api/blog/images/${'a'.repeat(32)}.png`;
    posts = [
      post({ title: 'Outside', slug: 'outside', featuredImage: external }),
      post({ title: 'Inside', slug: 'inside', featuredImage: uploaded }),
    ];
    const { container } = page('/blog');
    await screen.findByText('Outside');
    // The cards' images (the site's header has its logo).
    const sources = [...container.querySelectorAll('a[href^="/blog/"] img')].map((img) =>
      img.getAttribute('src'),
    );
    expect(sources).toEqual([`/api/blog/images/external?url=${encodeURIComponent(external)}`, uploaded]);
    cleanup();
    const single = page('/blog/outside');
    await screen.findByText('Outside inside');
    expect(
      single.container.querySelector('article img, main img:not([src$=".svg"])')?.getAttribute('src'),
    ).toBe(`/api/blog/images/external?url=${encodeURIComponent(external)}`);
  });
});
