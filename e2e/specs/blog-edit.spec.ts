import { randomUUID } from 'node:crypto';
import type { Page } from '@playwright/test';
import { expect, test } from '../support/test';
import { logIn, registerByApi } from '../support/app';
import { grantRoles } from '../support/operator';
import { BALANCE_APP_PORT } from '../support/ports';

/** A 1×1 PNG: the featured image a writer uploads. */
const PIXEL_PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);

async function saveAndWait(page: Page): Promise<void> {
  const saved = page.waitForResponse(
    (r) => /\/api\/blog(\/manage)?(\/[^/]+)?$/.test(r.url()) && r.request().method() !== 'GET',
  );
  await page.getByTestId('blog-save').click();
  expect((await saved).status()).toBe(200);
}

// Blog management through its pages. The balance app has an operator
// (ADMIN_EMAIL), who grants the roles.
test.describe('blog management', () => {
  test.use({ baseURL: `http://127.0.0.1:${BALANCE_APP_PORT}` });

  test('a writer drafts and submits a post, the admin approves it, a visitor finds and opens it', async ({
    page,
    browser,
    request,
  }) => {
    // Three people sign in and a dozen pages are each checked for accessibility.
    test.setTimeout(150_000);
    const writer = await registerByApi(request);
    const admin = await registerByApi(request);
    await grantRoles(request, [
      [writer.account.email, 'WRITER'],
      [admin.account.email, 'ADMIN'],
    ]);
    const id = randomUUID().slice(0, 8);
    const title = `Okapi field notes ${id}`;

    // The writer drafts a post.
    await logIn(page, writer.account);
    await page.goto('/blog/edit');
    await expect(page.getByRole('heading', { level: 1, name: 'Manage Blog Posts' })).toBeVisible();
    await page.getByTestId('blog-manage-create').click();
    await expect(page).toHaveURL(/\/blog\/edit\/new$/);
    await page.getByLabel('Title').fill(title);
    await expect(page.getByLabel('Slug')).toHaveValue(`okapi-field-notes-${id}`);
    await page
      .getByLabel('Content (Markdown)')
      .fill('## Forest giraffes\n\n```js\nconst stripes = "legs";\n```');
    await page.getByLabel('Meta Description').fill(`Shy relatives of giraffes ${id}`);
    await expect(page.getByTestId('blog-meta-counter')).toHaveText(
      `${`Shy relatives of giraffes ${id}`.length}/160`,
    );
    const tags = page.getByTestId('blog-tags').getByRole('textbox');
    await tags.fill(` okapi${id} `);
    await tags.press('Enter');
    await expect(page.getByTestId('blog-tags').getByTestId('blog-chip')).toHaveText([`okapi${id}`]);
    await page.getByTestId('blog-image-file').setInputFiles({
      name: 'cover.png',
      mimeType: 'image/png',
      buffer: PIXEL_PNG,
    });
    await expect(page.getByTestId('blog-image-url')).toHaveValue(/^\/api\/blog\/images\/[0-9a-f]{32}\.png$/);
    await expect(page.getByTestId('blog-status-select').locator('option')).toHaveText([
      'Draft',
      'Submit for Review',
    ]);
    await saveAndWait(page);
    await expect(page).toHaveURL(/\/blog\/edit\/[0-9a-f-]{36}$/);
    const postPath = new URL(page.url()).pathname;

    // The preview renders the Markdown as /blog/:slug will.
    await page.getByTestId('blog-preview-toggle').click();
    await expect(page.getByTestId('blog-preview').getByRole('heading', { level: 2 })).toHaveText(
      'Forest giraffes',
    );
    await page.getByTestId('blog-preview-toggle').click();

    // …then submits it for review: no longer theirs to edit.
    await page.getByTestId('blog-status-select').selectOption({ label: 'Submit for Review' });
    await saveAndWait(page);
    await expect(page.getByTestId('blog-readonly')).toHaveText(
      'This post is no longer in Draft status and cannot be edited by Writers. Contact an Admin if changes are needed.',
    );
    await expect(page.getByLabel('Title')).toBeDisabled();
    await page.getByTestId('blog-back-manage').click();
    await page.getByRole('tab', { name: 'Under Review' }).click();
    const writersRow = page.getByTestId('blog-manage-row').filter({ hasText: title });
    await expect(writersRow.getByTestId('blog-status')).toHaveText('Under Review');
    await expect(writersRow.getByTestId('blog-manage-delete')).toHaveCount(0);
    // Not public yet.
    expect((await request.get(`/api/blog/okapi-field-notes-${id}`)).status()).toBe(404);

    // The admin approves it.
    const adminContext = await browser.newContext();
    const adminPage = await adminContext.newPage();
    await logIn(adminPage, admin.account);
    await adminPage.goto('/blog/edit');
    await adminPage.getByRole('tab', { name: 'Under Review' }).click();
    const row = adminPage.getByTestId('blog-manage-row').filter({ hasText: title });
    await row.getByTestId('blog-manage-edit').click();
    await expect(adminPage).toHaveURL(new RegExp(`${postPath}$`));
    await expect(adminPage.getByLabel('Title')).toHaveValue(title);
    await expect(adminPage.getByTestId('blog-status-select').locator('option')).toHaveText([
      'Draft',
      'Under Review',
      'Approved',
    ]);
    await adminPage.getByTestId('blog-status-select').selectOption('Approved');
    await saveAndWait(adminPage);
    await adminPage.getByTestId('blog-back-manage').click();
    await adminPage.getByRole('tab', { name: 'Approved' }).click();
    await expect(
      adminPage.getByTestId('blog-manage-row').filter({ hasText: title }).getByTestId('blog-manage-view'),
    ).toHaveAttribute('href', `/blog/okapi-field-notes-${id}`);
    await adminContext.close();

    // A visitor finds it by its tag on /blog and opens it, featured image and all.
    const visitorContext = await browser.newContext();
    const visitor = await visitorContext.newPage();
    await visitor.goto('/blog');
    await visitor.getByPlaceholder('Search blog posts...').fill(`OKAPI${id}`);
    const cards = visitor.getByTestId('blog-card');
    await expect(cards).toHaveCount(1);
    await cards.first().click();
    await expect(visitor).toHaveURL(new RegExp(`/blog/okapi-field-notes-${id}$`));
    await expect(visitor.getByRole('heading', { level: 1 })).toHaveText(title);
    await expect(visitor.getByRole('heading', { level: 2, name: 'Forest giraffes' })).toBeVisible();
    const image = visitor.getByTestId('blog-post').locator('img').first();
    await expect(image).toHaveAttribute('src', /^\/api\/blog\/images\/[0-9a-f]{32}\.png$/);
    await expect.poll(() => image.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(1);

    // A visitor at /blog/edit is asked to log in.
    await visitor.goto('/blog/edit');
    await expect(visitor.getByTestId('blog-manage-refused')).toContainText(
      'Please log in to access this page',
    );
    await visitorContext.close();
  });
});
