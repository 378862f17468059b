import { randomUUID } from 'node:crypto';
import { gzipSync } from 'node:zlib';
import type { APIRequestContext, Page } from '@playwright/test';
import { expect, test } from '../support/test';
import { registerByApi } from '../support/app';
import { grantRoles } from '../support/operator';
import { BALANCE_APP_PORT, MAIL_APP_PORT } from '../support/ports';

/** The public pages' JavaScript budget: gzip -9 of every script a page loads. */
const JS_BUDGET_BYTES = 30 * 1024;

/**
 * gzip -9 of every script the current page loaded (the browser's resource timing lists those
 * served from its cache too), each fetched again for its bytes.
 */
async function jsGzipBytes(page: Page, request: APIRequestContext): Promise<number> {
  const urls = await page.evaluate(() => [
    ...new Set([
      ...Array.from(document.querySelectorAll('script[src]'), (s) => (s as HTMLScriptElement).src),
      ...performance
        .getEntriesByType('resource')
        .map((e) => e.name)
        .filter((name) => /\.m?js(\?|$)/.test(name)),
    ]),
  ]);
  const sizes = await Promise.all(
    urls.map(async (url) => gzipSync(await (await request.get(url)).body(), { level: 9 }).length),
  );
  return sizes.reduce((a, b) => a + b, 0);
}

test.describe('the public pages, rendered by the server', () => {
  test.use({ baseURL: `http://127.0.0.1:${BALANCE_APP_PORT}` });

  test('landing → FAQ → blog → post → back, each with its content at once and little JavaScript', async ({
    page,
    request,
  }) => {
    // One Approved post (an admin approves it directly).
    const admin = await registerByApi(request);
    await grantRoles(request, [[admin.account.email, 'ADMIN']]);
    const id = randomUUID().slice(0, 8);
    const post = {
      title: `Giraffe notes ${id}`,
      slug: `giraffe-notes-${id}`,
      metaDescription: `Necks explained ${id}`,
      content: '## Long necks\n\n```ts\nconst neck = 2;\n```',
      tags: [`neck${id}`],
      status: 'Approved',
    };
    const created = await request.post('/api/blog', {
      headers: { authorization: `Bearer ${admin.token}` },
      data: post,
    });
    expect(created.status()).toBe(200);

    const budget = async (name: string) => {
      await page.waitForLoadState('networkidle');
      const bytes = await jsGzipBytes(page, request);
      console.log(`js gzip ${name}: ${(bytes / 1024).toFixed(2)} KiB`);
      expect(bytes, name).toBeLessThanOrEqual(JS_BUDGET_BYTES);
    };

    await page.goto('/');
    await expect(page.getByTestId('landing').getByRole('heading', { level: 1 })).toBeVisible();
    await expect(page.locator('html')).toHaveAttribute('data-public-page', '');
    await expect(page.locator('body')).toHaveClass(/landing-page/);
    await budget('landing');

    await page.getByTestId('landing-more').hover();
    await page.getByTestId('landing').getByRole('link', { name: 'FAQ' }).click();
    await expect(page).toHaveURL(/\/faq$/);
    await expect(page).toHaveTitle(/^FAQ · /);
    const questions = page.getByTestId('faq').getByRole('button');
    await expect(questions).toHaveCount(15);
    await questions.first().click();
    await expect(questions.first()).toHaveAttribute('aria-expanded', 'true');
    await expect(page.locator(`#${await questions.first().getAttribute('aria-controls')}`)).toBeVisible();
    await budget('faq');

    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'BLOG' }).click();
    await expect(page).toHaveURL(/\/blog$/);
    await page.getByPlaceholder('Search blog posts...').fill(`NECK${id}`);
    await expect(page.getByTestId('blog-card')).toHaveCount(1);
    await page.getByPlaceholder('Search blog posts...').fill(`no such thing ${id}`);
    await expect(page.getByTestId('blog-card')).toHaveCount(0);
    await expect(page.getByText('No blog posts match your search')).toBeVisible();
    await page.getByPlaceholder('Search blog posts...').fill(post.title);
    await budget('blog');

    await page.getByTestId('blog-card').click();
    await expect(page).toHaveURL(new RegExp(`/blog/${post.slug}$`));
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(post.title);
    await expect(page.locator('pre code')).toContainText('const neck = 2;');
    await budget('blog_post');

    await page.getByTestId('back-to-blog').click();
    await expect(page).toHaveURL(/\/blog$/);
    await page.goto('/pricing');
    await expect(page.getByTestId('pricing')).toContainText('$89.99');
    await budget('pricing');
  });

  test('the language switch renders the pages in the chosen language, Arabic right to left', async ({
    page,
  }) => {
    await page.goto('/faq');
    await page.getByTestId('language-switch').selectOption('de-DE');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Häufig gestellte Fragen');
    await expect(page.locator('html')).toHaveAttribute('lang', 'de-DE');
    await page.goto('/');
    await expect(page.getByTestId('landing-login')).toHaveText('Anmelden');
    await page.getByTestId('language-switch').selectOption('ar-EG');
    await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
    expect(await page.evaluate(() => localStorage.getItem('lang'))).toBe('ar-EG');
  });

  test('the theme switch flips dark and light, and the choice stays', async ({ page }) => {
    await page.goto('/blog');
    const html = page.locator('html');
    await expect(html).toHaveClass(/dark/);
    await page.getByTestId('theme-toggle').click();
    await expect(html).not.toHaveClass(/dark/);
    await expect(page.getByTestId('theme-toggle')).toHaveAttribute('aria-label', 'Switch to dark theme');
    await page.reload();
    await expect(html).not.toHaveClass(/dark/);
    await page.getByTestId('theme-toggle').click();
    await expect(html).toHaveClass(/dark/);
  });

  test('on a 375 px screen the header fits and the menu opens by a tap', async ({ browser }) => {
    const context = await browser.newContext({ viewport: { width: 375, height: 800 }, hasTouch: true });
    const page = await context.newPage();
    await page.goto('/');
    const nav = page.getByRole('navigation', { name: 'Main' });
    for (const name of ['BLOG', 'FAQ', 'LOGIN'])
      await expect(nav.getByRole('link', { name })).toBeInViewport();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    await page.getByTestId('landing-more').tap();
    await expect(page.getByTestId('landing-more')).toHaveAttribute('aria-expanded', 'true');
    await page.getByTestId('landing').getByRole('link', { name: 'Blog' }).tap();
    await expect(page).toHaveURL(/\/blog$/);
    await context.close();
  });
});

test('Try Now is offered only where the free tier is on, and carries its marker', async ({ page }) => {
  // The main app has no free tier: Try Now there could only end in a refusal on /login.
  await page.goto('/');
  await expect(page.getByTestId('landing-login')).toBeVisible();
  await expect(page.getByTestId('landing-try')).toHaveCount(0);
  await expect(page.getByTestId('header-try')).toHaveCount(0);
  // The mail app has FREE_TIER_MESSAGES: both links lead to the free-tier sign-in, whose full page
  // load free-tier.spec.ts follows (that spec is the run's only one to spend the device's account).
  await page.goto(`http://127.0.0.1:${MAIL_APP_PORT}/`);
  await expect(page.getByTestId('landing-try')).toHaveAttribute('href', '/login?free_tier=1');
  await expect(page.getByTestId('header-try')).toHaveAttribute('href', '/login?free_tier=1');
});
