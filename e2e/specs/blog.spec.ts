import { randomUUID } from 'node:crypto';
import { expect, test } from '../support/test';
import { registerByApi } from '../support/app';
import { grantRoles } from '../support/operator';
import { BALANCE_APP_PORT } from '../support/ports';

// The balance app has an operator (ADMIN_EMAIL), who grants roles (PUT /api/user/byEmail/:email).
test.describe('blog', () => {
  test.use({ baseURL: `http://127.0.0.1:${BALANCE_APP_PORT}` });

  test('a writer’s post, approved by an admin, is found by a visitor and served with its head', async ({
    page,
    request,
    consoleErrors,
  }) => {
    // The server renders a missing post's page itself, with a real 404 status the browser logs.
    consoleErrors.expectRefused(404, '/blog/no-such-post-here', 'a post that does not exist');
    const writer = await registerByApi(request);
    const admin = await registerByApi(request);
    await grantRoles(request, [
      [writer.account.email, 'WRITER'],
      [admin.account.email, 'ADMIN'],
    ]);

    const id = randomUUID().slice(0, 8);
    const title = `Zebra notes ${id} <script>`;
    const draft = {
      title,
      slug: `zebra-notes-${id}`,
      metaDescription: `Stripes explained ${id}`,
      content: '## Why stripes\n\n```js\nconst stripes = 42;\n```',
      tags: [`tag${id}`],
      status: 'Reviewed',
    };
    const asWriter = { authorization: `Bearer ${writer.token}` };
    const created = await request.post('/api/blog', { headers: asWriter, data: draft });
    expect(created.status()).toBe(200);
    const { _id } = (await created.json()) as { _id: string };
    // The writer cannot approve; the admin can.
    const approve = { headers: asWriter, data: { ...draft, status: 'Approved' } };
    expect((await request.put(`/api/blog/${_id}`, approve)).status()).toBe(403);
    expect((await request.get(`/api/blog/${draft.slug}`)).status()).toBe(404);
    const approved = await request.put(`/api/blog/${_id}`, {
      ...approve,
      headers: { authorization: `Bearer ${admin.token}` },
    });
    expect(approved.status()).toBe(200);

    // A visitor finds it by a tag on /blog and opens it.
    await page.goto('/blog');
    await page.getByPlaceholder('Search blog posts...').fill(`TAG${id}`);
    const cards = page.getByTestId('blog-card');
    await expect(cards).toHaveCount(1);
    await cards.first().click();
    await expect(page).toHaveURL(new RegExp(`/blog/${draft.slug}$`));
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(title);
    await expect(page.getByRole('heading', { level: 2, name: 'Why stripes' })).toBeVisible();
    await expect(page.locator('pre code')).toContainText('const stripes = 42;');

    await page.goto('/blog/no-such-post-here');
    await expect(page.getByText('Blog post not found')).toBeVisible();
    await page.getByTestId('back-to-blog').click();
    await expect(page).toHaveURL(/\/blog$/);

    // The server's HTML already has the head (crawlers and link previews run no script).
    const html = await (await request.get(`/blog/${draft.slug}`)).text();
    expect(html).toContain(`<title>Zebra notes ${id} &lt;script&gt; · `);
    expect(html).toContain(`<meta property="og:title" content="Zebra notes ${id} &lt;script&gt;" />`);
    expect(html).toContain(`<meta name="description" content="Stripes explained ${id}" />`);
    expect(html).toMatch(/<link rel="canonical" href="[^"]*\/blog\/zebra-notes-/);
    expect(html).toContain('"@type":"BlogPosting"');
    expect(await (await request.get('/sitemap.xml')).text()).toContain(`/blog/${draft.slug}</loc>`);
    expect(await (await request.get('/blog/rss.xml')).text()).toContain(
      `<title>Zebra notes ${id} &lt;script&gt;</title>`,
    );
  });
});
