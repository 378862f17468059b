import type { BrowserContext, Page } from '@playwright/test';
import { expect, test } from '../support/test';
import { signUp } from '../support/app';

/** The Web Lock the app's tabs refresh under (apps/web/src/api/refresh-share.ts). */
const REFRESH_CHANNEL = 'omnichat:refresh';

/**
 * Two tabs of one browser share the refresh cookie. When both refresh at once (both open the app
 * at the same moment, each asking for a token), the cookie must not be rotated twice: the second
 * rotation of the same cookie looked like a stolen token and logged the person out everywhere.
 * Refresh answers are held until both tabs are inside their refresh: with Web Locks, one holds the
 * refresh lock and the other waits for it (the browser's lock manager says so); without, both
 * requests have reached the network. Load events alone did not do: on a busy machine a tab asked
 * for its token only after the other tab's refresh had ended, and the two never overlapped.
 */
async function openBothAtOnce(context: BrowserContext, tabs: Page[]): Promise<{ count: () => number }> {
  let count = 0;
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  await context.route('**/api/auth/refresh', async (route) => {
    count++;
    await held;
    await route.continue();
  });
  await Promise.all(tabs.map((tab) => tab.goto('/c/new')));
  const inRefresh = () =>
    tabs[0]!.evaluate(async (name) => {
      if (!navigator.locks) return null;
      const { held = [], pending = [] } = await navigator.locks.query();
      return [...held, ...pending].filter((lock) => lock.name === name).length;
    }, REFRESH_CHANNEL);
  await expect.poll(async () => (await inRefresh()) ?? count, { timeout: 20_000 }).toBe(tabs.length);
  release();
  return { count: () => count };
}

async function expectSignedIn(page: Page): Promise<void> {
  await expect(page).toHaveURL(/\/c\/new$/);
  await expect(page.getByTestId('chat-input')).toBeVisible();
  await expect(page.getByTestId('endpoint-picker')).toContainText('gpt-4o');
}

test('two tabs opening at once share one refresh, and both stay signed in', async ({ context, page }) => {
  await signUp(page);
  const second = await context.newPage();
  const refreshes = await openBothAtOnce(context, [page, second]);
  await expectSignedIn(page);
  await expectSignedIn(second);
  expect(refreshes.count()).toBe(1);

  // The session lives on: another start refreshes (rotates) again and is still signed in.
  await page.reload();
  await expectSignedIn(page);
  expect(refreshes.count()).toBe(2);
});

test('without Web Locks, two tabs both rotate and the server grace window keeps them signed in', async ({
  context,
  page,
}) => {
  await context.addInitScript(() => {
    Object.defineProperty(Navigator.prototype, 'locks', { get: () => undefined, configurable: true });
  });
  await signUp(page);
  const second = await context.newPage();
  const refreshes = await openBothAtOnce(context, [page, second]);
  await expectSignedIn(page);
  await expectSignedIn(second);
  expect(refreshes.count()).toBe(2);

  await second.reload();
  await expectSignedIn(second);
});
