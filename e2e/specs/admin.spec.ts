import { expect, test } from '../support/test';
import { askByApi, logIn, newAccount, registerByApi, signUp } from '../support/app';
import { logInAsOperator, openAdminPanel } from '../support/operator';
import { BALANCE_APP_PORT } from '../support/ports';

const BANNED = 'Your account has been temporarily banned due to violations of our service.';
const DENIED =
  'Access Denied: You are not authorized to view this page. Please contact an administrator if you believe this is an error.';

// The balance app has the operator (ADMIN_EMAIL), whose account alone may use /admin.
test.describe('admin panel', () => {
  test.use({ baseURL: `http://127.0.0.1:${BALANCE_APP_PORT}` });

  test('the operator bans a user for a duration with a reason; the user sees the banned text; unban lets them in', async ({
    page,
    browser,
    request,
    consoleErrors,
  }) => {
    consoleErrors.expectRefused(403, '/api/auth/login', "the banned user's login is refused");
    const { account } = await registerByApi(request);
    await logInAsOperator(page);
    await openAdminPanel(page);

    await page.getByTestId('admin-ban-email').fill(account.email);
    await page.getByTestId('admin-ban-duration').selectOption({ label: '1 day' });
    await page.getByTestId('admin-ban-reason').fill('Spamming the chat');
    await page.getByTestId('admin-ban-submit').click();
    const row = page.getByTestId('admin-banned-table').getByRole('row').filter({ hasText: account.email });
    await expect(row).toContainText('Spamming the chat');

    const other = await browser.newContext({ baseURL: `http://127.0.0.1:${BALANCE_APP_PORT}` });
    const victim = await other.newPage();
    await victim.goto('/login');
    await victim.getByTestId('login-email').fill(account.email);
    await victim.getByTestId('login-password').fill(account.password);
    await victim.getByTestId('login-submit').click();
    await expect(victim.getByTestId('auth-error')).toHaveText(BANNED);

    await page.getByTestId(`admin-unban-${account.email}`).click();
    await expect(row).toHaveCount(0);
    await logIn(victim, account);
    await other.close();

    // Both actions are in the audit log, with the ban's reason.
    const audit = page.getByTestId('admin-audit-table').getByRole('row').filter({ hasText: account.email });
    await expect(audit).toHaveCount(2);
    await expect(audit.filter({ hasText: 'Unban' })).toHaveCount(1);
    await expect(audit.filter({ hasText: 'reason: Spamming the chat' })).toHaveCount(1);
  });

  test('the operator impersonates a user, sees their chat under a banner, and returns to their own account', async ({
    page,
    request,
  }) => {
    const { account, token } = await registerByApi(request);
    await askByApi(request, token, 'A question only this user asked');
    await logInAsOperator(page);
    await openAdminPanel(page);

    await page.getByTestId('admin-impersonate-email').fill(account.email);
    await page.getByTestId('admin-impersonate-submit').click();
    await expect(page).toHaveURL(/\/c\/new$/);
    await expect(page.getByTestId('impersonation-banner')).toHaveText(
      new RegExp(`You are viewing as ${account.email.replace(/[.]/g, '\\.')}`),
    );
    await expect(page.getByTestId('user-menu')).toContainText(account.name);
    await expect(page.getByTestId('convo-item')).toHaveCount(1);
    // The target has no Admin link, and the panel refuses them.
    await page.getByTestId('user-menu').click();
    await expect(page.getByTestId('admin-link')).toHaveCount(0);
    await page.keyboard.press('Escape');

    // A reload keeps the impersonation (the refresh cookie is the target's session's).
    await page.reload();
    await expect(page.getByTestId('impersonation-banner')).toBeVisible();

    await page.getByTestId('impersonation-return').click();
    await expect(page.getByTestId('impersonation-banner')).toHaveCount(0);
    // Back where the operator left for it: the admin panel, as the operator.
    await expect(page).toHaveURL(/\/admin$/);
    await expect(page.getByTestId('admin-page')).toBeVisible();
    const audit = page.getByTestId('admin-audit-table').getByRole('row').filter({ hasText: account.email });
    await expect(audit.filter({ hasText: 'End impersonation' })).toHaveCount(1);
  });

  test('a signed-in user who is not the operator sees Access Denied at /admin', async ({ page }) => {
    await signUp(page, newAccount());
    await page.getByTestId('user-menu').click();
    await expect(page.getByTestId('admin-link')).toHaveCount(0);
    await page.keyboard.press('Escape');
    await page.goto('/admin');
    await expect(page.getByTestId('admin-access-denied').getByRole('heading')).toHaveText(DENIED);
    await expect(page.getByTestId('admin-page')).toHaveCount(0);
  });
});
