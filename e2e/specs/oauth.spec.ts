import type { APIRequestContext } from '@playwright/test';
import { expect, test } from '../support/test';
import { newAccount } from '../support/app';
import { OIDC_BUTTON_LABEL, OIDC_ISSUER } from '../support/ports';

/**
 * Social sign-in in Chromium through a real OpenID Provider (oidc-provider on 127.0.0.1, started by
 * the config; its login step approves the account set on its control route). The account is
 * global to the provider, so these run one after another.
 */
test.describe.configure({ mode: 'serial' });

async function providerSignsIn(
  request: APIRequestContext,
  account: { sub: string; email: string; email_verified: boolean; name: string },
) {
  const res = await request.post(`${OIDC_ISSUER}/__control/account`, { data: account });
  expect(res.status()).toBe(204);
}

test('signs in with the local OpenID provider from the login page and lands in a new chat', async ({
  page,
  request,
}) => {
  const { email } = newAccount();
  await providerSignsIn(request, { sub: `e2e-${email}`, email, email_verified: true, name: 'Sso Person' });
  await page.goto('/login');
  await expect(page.getByRole('separator')).toHaveText('Or');
  const button = page.getByTestId('social-login-openid');
  await expect(button).toHaveText(OIDC_BUTTON_LABEL);
  await button.click();
  await expect(page).toHaveURL(/\/c\/new$/);
  await expect(page.getByTestId('chat-input')).toBeVisible();
  await expect(page.getByTestId('user-menu')).toContainText('Sso Person');
  // The session survives a reload (the refresh cookie the callback set).
  await page.reload();
  await expect(page.getByTestId('chat-input')).toBeVisible();
});

test('the register page offers the same button; an unverified address ends on /login with the reason', async ({
  page,
  request,
}) => {
  const { email } = newAccount();
  await providerSignsIn(request, { sub: `e2e-${email}`, email, email_verified: false, name: 'Unverified' });
  await page.goto('/register');
  await page.getByTestId('social-login-openid').click();
  await expect(page).toHaveURL(/\/login\?error=oauth_email_unverified$/);
  await expect(page.getByTestId('auth-error')).toHaveText(
    'The provider has not verified your email address, so it cannot be used to sign in.',
  );
});
