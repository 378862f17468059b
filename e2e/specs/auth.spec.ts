import { expect, test } from '../support/test';
import { newAccount, signUp } from '../support/app';

test('register validates on change with the spec texts and keeps submit disabled', async ({ page }) => {
  await page.goto('/register');
  await page.getByTestId('register-name').fill('Al');
  await expect(page.getByText('Name must be at least 3 characters')).toBeVisible();
  await page.getByTestId('register-email').fill('not-an-email');
  await expect(page.getByText('You must enter a valid email address')).toBeVisible();
  await page.getByTestId('register-password').fill('password1');
  await page.getByTestId('register-confirm-password').fill('password2');
  await expect(page.getByText('passwords do not match', { exact: true })).toBeVisible();
  await expect(page.getByTestId('register-submit')).toBeDisabled();
});

test('sign up, stay signed in across a reload, log out, log back in', async ({ page }) => {
  const account = await signUp(page);
  await page.reload();
  await expect(page).toHaveURL(/\/c\/new$/);
  await expect(page.getByTestId('chat-input')).toBeVisible();

  await page.getByTestId('user-menu').click();
  await page.getByTestId('logout').click();
  await expect(page).toHaveURL(/\/login$/);

  // Chat routes now send the visitor to /login.
  await page.goto('/c/new');
  await expect(page).toHaveURL(/\/login$/);

  await page.getByTestId('login-email').fill(account.email);
  await page.getByTestId('login-password').fill(account.password);
  await page.getByTestId('login-submit').click();
  await expect(page).toHaveURL(/\/c\/new$/);
});

test('wrong credentials show the login error of the catalogue', async ({ page, consoleErrors }) => {
  consoleErrors.expectRefused(401, '/api/auth/login', 'the wrong password is refused');
  const account = newAccount();
  await page.goto('/login');
  await page.getByTestId('login-email').fill(account.email);
  await page.getByTestId('login-password').fill('not-the-password');
  await page.getByTestId('login-submit').click();
  await expect(page.getByTestId('auth-error')).toHaveText(
    'Unable to login with the information provided. Please check your credentials and try again.',
  );
});

test('a deleted account link shows the deleted-account error', async ({ page }) => {
  await page.goto('/login?message=account_deleted');
  await expect(page.getByTestId('auth-error')).toHaveText(
    'This account has been deleted and is no longer available.',
  );
});

// The server's own 429/403/500 answers are proven by its integration tests; here the browser's
// side of the catalogue is checked for each status the server can give.
for (const [status, code, text] of [
  [429, 'login_rate_limited', 'Too many login attempts in a short amount of time. Please try again later.'],
  [403, 'banned', 'Your account has been temporarily banned due to violations of our service.'],
  [403, 'account_deleted', 'This account has been deleted and is no longer available.'],
  [500, 'internal', 'There was an internal server error. Please wait a few moments and try again.'],
] as const) {
  test(`login answered ${status} ${code} shows its catalogue text`, async ({ page, consoleErrors }) => {
    consoleErrors.expectRefused(
      status,
      '/api/auth/login',
      'the login is answered with this error on purpose',
    );
    await page.route('**/api/auth/login', (route) => route.fulfill({ status, json: { message: 'x', code } }));
    await page.goto('/login');
    await page.getByTestId('login-email').fill('someone@example.com');
    await page.getByTestId('login-password').fill('some-password');
    await page.getByTestId('login-submit').click();
    await expect(page.getByTestId('auth-error')).toHaveText(text);
  });
}
