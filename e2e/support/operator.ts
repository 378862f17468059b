import { expect, type APIRequestContext, type Page } from '@playwright/test';
import { logIn, type Account } from './app';
import { BALANCE_OPERATOR_EMAIL } from './ports';

/** The balance app's operator (its ADMIN_EMAIL): made by the first spec that needs it, then logged in. */
const OPERATOR: Account = {
  name: 'Operator',
  email: BALANCE_OPERATOR_EMAIL,
  password: 'e2e-operator-password',
};

/** Makes sure the operator's account exists; answers a fresh access token of a new session. */
async function operatorToken(request: APIRequestContext): Promise<string> {
  const reg = await request.post('/api/auth/register', {
    data: { ...OPERATOR, confirm_password: OPERATOR.password },
  });
  const auth = reg.ok() ? reg : await request.post('/api/auth/login', { data: OPERATOR });
  expect(auth.status()).toBe(200);
  return ((await auth.json()) as { token: string }).token;
}

/** Signs the operator in through the login page (the account made first if need be): /c/new. */
export async function logInAsOperator(page: Page): Promise<void> {
  await operatorToken(page.request);
  // page.request shares the page's cookies: that session's refresh cookie goes, the page logs in.
  await page.context().clearCookies();
  await logIn(page, OPERATOR);
}

/** Opens the admin panel the way the operator does: the user menu's Admin link. */
export async function openAdminPanel(page: Page): Promise<void> {
  await page.getByTestId('user-menu').click();
  await page.getByTestId('admin-link').click();
  await expect(page).toHaveURL(/\/admin$/);
  await expect(page.getByTestId('admin-page')).toBeVisible();
}

/** The operator grants each account its role (PUT /api/user/byEmail/:email). */
export async function grantRoles(
  request: APIRequestContext,
  grants: readonly (readonly [email: string, role: 'USER' | 'WRITER' | 'ADMIN'])[],
): Promise<void> {
  const headers = { authorization: `Bearer ${await operatorToken(request)}` };
  for (const [email, role] of grants) {
    const set = await request.put(`/api/user/byEmail/${encodeURIComponent(email)}`, {
      headers,
      data: { role },
    });
    expect(set.status()).toBe(200);
  }
}
