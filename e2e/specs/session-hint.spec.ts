import type { BrowserContext, Page } from '@playwright/test';
import { SESSION_HINT_COOKIE } from '@chat/contract';
import { expect, test } from '../support/test';
import { signUp } from '../support/app';

/** Counts the page's refresh calls from now on. */
function countRefreshes(page: Page): () => number {
  let n = 0;
  page.on('request', (r) => {
    if (new URL(r.url()).pathname === '/api/auth/refresh') n++;
  });
  return () => n;
}

async function hint(context: BrowserContext): Promise<string | undefined> {
  return (await context.cookies()).find((c) => c.name === SESSION_HINT_COOKIE)?.value;
}

const PUBLIC_PAGES = ['/', '/faq', '/blog', '/login', '/register', '/forgot-password'];

test("a visitor's public pages ask for no session and log nothing", async ({ page, context }) => {
  const refreshes = countRefreshes(page);
  for (const path of PUBLIC_PAGES) {
    await page.goto(path);
    await page.waitForLoadState('networkidle');
  }
  expect(refreshes()).toBe(0);
  expect(await hint(context)).toBeUndefined();
});

test('the forms validate under the CSP without evaluating code (no unsafe-eval violation)', async ({
  page,
  consoleErrors,
}) => {
  // The fields validate as they change, through the contract's schemas.
  await page.goto('/register');
  await page.getByTestId('register-name').fill('Al');
  await page.getByTestId('register-email').fill('not-an-email');
  await page.getByTestId('register-password').fill('short');
  await expect(page.getByRole('alert')).toHaveCount(3);
  await page.goto('/login');
  await page.getByTestId('login-email').fill('not-an-email');
  await page.getByTestId('login-submit').click();
  await expect(page.getByRole('alert').first()).toBeVisible();
  expect(consoleErrors.reports.filter((r) => r.kind === 'CSP violation')).toEqual([]);
});

test('signed in, the hint is set and a reload keeps the session; signed out, nothing is asked', async ({
  page,
  context,
}) => {
  await signUp(page);
  expect(await hint(context)).toBe('1');
  const refreshes = countRefreshes(page);
  await page.reload();
  await expect(page.getByTestId('chat-input')).toBeVisible();
  expect(refreshes()).toBe(1);

  await page.getByTestId('user-menu').click();
  await page.getByTestId('logout').click();
  await expect(page).toHaveURL(/\/login$/);
  expect(await hint(context)).toBeUndefined();
  await page.reload();
  await page.goto('/');
  await page.waitForLoadState('networkidle');
  expect(refreshes()).toBe(1);
});

test('a session from before the hint is kept: asked once, then it has the hint', async ({
  page,
  context,
}) => {
  await signUp(page);
  // A reload refreshes, which leaves the tabs' refresh counter in localStorage, as any session
  // of that time did; then the hint goes, as if the server had never set it, and so does the
  // mark of a session seen with a hint (that time knew neither).
  await page.reload();
  await expect(page.getByTestId('chat-input')).toBeVisible();
  await context.clearCookies({ name: SESSION_HINT_COOKIE });
  await page.evaluate(() => localStorage.removeItem('omnichat:session-checked'));
  expect(await page.evaluate(() => localStorage.getItem('omnichat:refresh-seq'))).not.toBeNull();

  const refreshes = countRefreshes(page);
  await page.reload();
  await expect(page.getByTestId('chat-input')).toBeVisible();
  await expect(page).toHaveURL(/\/c\/new$/);
  expect(refreshes()).toBe(1);
  expect(await hint(context)).toBe('1');
});
