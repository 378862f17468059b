import { expect, test } from '../support/test';
import { ChatPage, signUp } from '../support/app';

test('a burst of 401s costs exactly one refresh; the requests retry and the page works', async ({
  page,
  consoleErrors,
}) => {
  for (const path of ['/api/convos', '/api/endpoints', '/api/models']) {
    consoleErrors.expectRefused(401, path, 'the expired token is refused on purpose');
  }
  await signUp(page);
  await expect(page.getByTestId('chat-input')).toBeVisible();

  // After the reload, the first access token the page uses is treated as expired: every request
  // carrying it is answered 401, and the answers are held until all three reads have arrived (at
  // most 5 s), so the page's first reads fail together however busy the machine is.
  let expired: string | undefined;
  let rejected = 0;
  const retried = new Set<string>();
  let allArrived: () => void = () => {};
  const arrived = new Promise<void>((resolve) => (allArrived = resolve));
  await page.route(/\/api\/(convos\?|endpoints$|models$)/, async (route) => {
    const auth = route.request().headers()['authorization'];
    expired ??= auth;
    if (auth !== expired) {
      retried.add(new URL(route.request().url()).pathname);
      return route.continue();
    }
    if (++rejected === 3) allArrived();
    await Promise.race([arrived, new Promise((r) => setTimeout(r, 5000))]);
    return route.fulfill({ status: 401, json: { message: 'Token expired', code: 'token_expired' } });
  });
  let refreshes = 0;
  page.on('request', (r) => {
    if (r.url().endsWith('/api/auth/refresh')) refreshes++;
  });

  await page.reload();
  // The models arrived (through the retry), so the page works.
  await expect(page.getByTestId('endpoint-picker')).toContainText('gpt-4o');
  await expect(page.getByTestId('chat-input')).toBeVisible();
  // The sidebar list, endpoints and models were all read with the expired token...
  await expect.poll(() => rejected).toBe(3);
  // ...and cost one refresh, beside the silent one at start-up (the token lives only in memory).
  // Each read retries after the refresh it waited for was sent, so once all three have retried,
  // any refresh of theirs has been counted.
  await expect.poll(() => retried.size).toBe(3);
  expect(refreshes).toBe(2);
  await expect(page).toHaveURL(/\/c\/new$/);
});

test('a refresh that finds no session sends the person to /login', async ({ page }) => {
  await signUp(page);
  // The refresh cookie is gone (the hint stays): the page still asks, and is told nobody is here.
  await page.context().clearCookies({ name: 'refreshToken' });
  await page.reload();
  await expect(page).toHaveURL(/\/login$/);
});

test('an account deleted mid-session: the next refresh sends the person to the deleted-account notice', async ({
  page,
  consoleErrors,
}) => {
  consoleErrors.expectRefused(401, '/api/search', "the deleted account's token is refused");
  consoleErrors.expectRefused(403, '/api/auth/refresh', "the deleted account's refresh is refused");
  await signUp(page);
  await expect(page.getByTestId('chat-input')).toBeVisible();
  // The account is gone: its token no longer works, and the refresh it triggers says why.
  await page.route('**/api/auth/refresh', (route) =>
    route.fulfill({
      status: 403,
      json: { message: 'This account has been deleted', code: 'account_deleted' },
    }),
  );
  await page.route(/\/api\/search\?/, (route) =>
    route.fulfill({ status: 401, json: { message: 'Session has ended', code: 'unauthorized' } }),
  );
  await page.getByTestId('sidebar-search').fill('anything');
  await expect(page).toHaveURL(/\/login\?message=account_deleted$/);
  await expect(page.getByTestId('auth-error')).toHaveText(
    'This account has been deleted and is no longer available.',
  );
});

test('a session gone missing on a conversation: signing in comes back to it', async ({ page }) => {
  const account = await signUp(page);
  const chat = new ChatPage(page);
  await chat.pickModel('openAI', 'gpt-4o-mini');
  await chat.send('Remember this page [[fake reply="Noted."]]');
  await chat.waitForReplyDone();
  await expect(page).toHaveURL(/\/c\/[0-9a-f-]{36}$/);
  const conversation = new URL(page.url()).pathname;

  await page.context().clearCookies({ name: 'refreshToken' });
  await page.reload();
  await expect(page).toHaveURL(`/login?redirect_to=${encodeURIComponent(conversation)}`);
  await page.getByTestId('login-email').fill(account.email);
  await page.getByTestId('login-password').fill(account.password);
  await page.getByTestId('login-submit').click();
  await expect(page).toHaveURL(conversation);
  await expect(chat.lastAssistant()).toContainText('Noted.');
});
