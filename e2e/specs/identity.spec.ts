import { expect, test } from '../support/test';
import { newAccount } from '../support/app';
import { mailedLink } from '../support/mail';
import { BALANCE_APP_PORT, MAIL_APP_PORT } from '../support/ports';

test.describe('with mail configured', () => {
  test.use({ baseURL: `http://127.0.0.1:${MAIL_APP_PORT}` });

  test('register → verify by the mailed link → log out → forgot → reset by the mailed link → log in', async ({
    page,
    consoleErrors,
  }) => {
    consoleErrors.expectRefused(403, '/api/auth/login', 'logging in before confirming is refused');
    consoleErrors.expectRefused(404, '/api/user/emailConfirmation', 'the replaced link is spent');
    consoleErrors.expectRefused(404, '/api/auth/resetPassword', 'the used reset link is spent');
    // The new chat's first reads may still be on their way when the sign-out ends the session:
    // refused, which is right, and which of them depends on timing.
    consoleErrors.tolerate(
      /status of 401 \(.*\(https?:\/\/[^/]+\/api\/(presets|endpoints|models|files\/config)\)$/,
      "the chat's first reads answered after signing out",
    );
    const account = newAccount();
    const newPassword = 'e2e-new-password-456';

    await page.goto('/register');
    await page.getByTestId('register-name').fill(account.name);
    await page.getByTestId('register-email').fill(account.email);
    await page.getByTestId('register-password').fill(account.password);
    await page.getByTestId('register-confirm-password').fill(account.password);
    await page.getByTestId('register-submit').click();

    // No session yet: the address to confirm, and one resend.
    await expect(page).toHaveURL(/\/verify-email\?/);
    await expect(page.getByTestId('verify-email-text')).toContainText(account.email);
    const resend = page.getByTestId('verify-email-resend');
    await resend.click();
    await expect(resend).toBeDisabled();
    await expect(resend).toHaveText('Email sent again');

    // Logging in before confirming is refused with the reason.
    await page.goto('/login');
    await page.getByTestId('login-email').fill(account.email);
    await page.getByTestId('login-password').fill(account.password);
    await page.getByTestId('login-submit').click();
    await expect(page.getByTestId('auth-error')).toContainText('not verified');

    // The first link was replaced by the resent one: it is spent.
    const first = await mailedLink(account.email, 1);
    const second = await mailedLink(account.email, 2);
    expect(new URL(second).pathname).toBe('/email-confirmation');
    await page.goto(first);
    await expect(page.getByTestId('email-confirmation-failed')).toBeVisible();
    await page.goto(second);
    await expect(page.getByTestId('email-confirmed')).toContainText('confirmed');
    await page.getByTestId('email-confirmed-sign-in').click();
    await expect(page).toHaveURL(/\/login$/);

    await page.getByTestId('login-email').fill(account.email);
    await page.getByTestId('login-password').fill(account.password);
    await page.getByTestId('login-submit').click();
    await expect(page).toHaveURL(/\/c\/new$/);

    await page.getByTestId('user-menu').click();
    await page.getByTestId('logout').click();
    await expect(page).toHaveURL(/\/login$/);

    // Forgot password, from the login page's link.
    await page.getByTestId('login-forgot-password').click();
    await expect(page).toHaveURL(/\/forgot-password$/);
    await page.getByTestId('forgot-email').fill(account.email);
    await page.getByTestId('forgot-submit').click();
    await expect(page.getByTestId('reset-link-sent')).toContainText('If an account with that email exists');

    const reset = await mailedLink(account.email, 3);
    expect(new URL(reset).pathname).toBe('/reset-password');
    await page.goto(reset);
    await page.getByTestId('reset-password').fill(newPassword);
    await page.getByTestId('reset-confirm-password').fill(newPassword);
    await page.getByTestId('reset-submit').click();
    await expect(page.getByTestId('reset-success')).toBeVisible();

    // The link is spent: used again, it offers to try again.
    await page.goto(reset);
    await page.getByTestId('reset-password').fill('e2e-third-password-789');
    await page.getByTestId('reset-confirm-password').fill('e2e-third-password-789');
    await page.getByTestId('reset-submit').click();
    await expect(page.getByTestId('auth-error')).toContainText('no longer valid');
    await expect(page.getByTestId('reset-try-again')).toHaveAttribute('href', '/forgot-password');

    await page.goto('/login');
    await page.getByTestId('login-email').fill(account.email);
    await page.getByTestId('login-password').fill(newPassword);
    await page.getByTestId('login-submit').click();
    await expect(page).toHaveURL(/\/c\/new$/);
  });

  test('a person whose link is lost asks for a new one from the login page, and it confirms', async ({
    page,
    consoleErrors,
  }) => {
    consoleErrors.expectRefused(403, '/api/auth/login', 'logging in before confirming is refused');
    const account = newAccount();
    await page.goto('/register');
    await page.getByTestId('register-name').fill(account.name);
    await page.getByTestId('register-email').fill(account.email);
    await page.getByTestId('register-password').fill(account.password);
    await page.getByTestId('register-confirm-password').fill(account.password);
    await page.getByTestId('register-submit').click();
    await expect(page).toHaveURL(/\/verify-email\?/);
    await mailedLink(account.email, 1); // the first mail arrived, and is lost

    await page.goto('/login');
    await page.getByTestId('login-email').fill(account.email);
    await page.getByTestId('login-password').fill(account.password);
    await page.getByTestId('login-submit').click();
    await page.getByTestId('login-verify-email').click();
    await expect(page).toHaveURL(/\/verify-email\?email=/);
    await expect(page.getByTestId('verify-email-text')).toContainText(account.email);
    await page.getByTestId('verify-email-resend').click();
    await expect(page.getByTestId('verify-email-resend')).toBeDisabled();

    await page.goto(await mailedLink(account.email, 2));
    await expect(page.getByTestId('email-confirmed')).toBeVisible();
    await page.getByTestId('email-confirmed-sign-in').click();
    await page.getByTestId('login-email').fill(account.email);
    await page.getByTestId('login-password').fill(account.password);
    await page.getByTestId('login-submit').click();
    await expect(page).toHaveURL(/\/c\/new$/);
  });

  test('an unknown address gets the same answer as a known one', async ({ page }) => {
    await page.goto('/forgot-password');
    await page.getByTestId('forgot-email').fill(newAccount().email);
    await page.getByTestId('forgot-submit').click();
    await expect(page.getByTestId('reset-link-sent')).toContainText('If an account with that email exists');
  });
});

test('without mail, the forgot-password page shows the reset link', async ({ page, request }) => {
  const account = newAccount();
  const reg = await request.post('/api/auth/register', {
    data: { ...account, confirm_password: account.password },
  });
  expect(reg.status()).toBe(200);

  await page.goto('/forgot-password');
  await page.getByTestId('forgot-email').fill(account.email);
  await page.getByTestId('forgot-submit').click();
  const link = page.getByTestId('reset-link');
  await expect(link).toContainText('Click here to reset your password');
  const href = await link.getAttribute('href');
  expect(new URL(href!).pathname).toBe('/reset-password');
});

test.describe('a server with neither mail nor ALLOW_PASSWORD_RESET', () => {
  test.use({ baseURL: `http://127.0.0.1:${BALANCE_APP_PORT}` });

  test('offers no forgot-password link: a reset link would go to whoever asks', async ({ page }) => {
    await page.goto('/login');
    await expect(page.getByTestId('login-password')).toBeVisible();
    await expect(page.getByTestId('login-forgot-password')).toHaveCount(0);
  });
});
