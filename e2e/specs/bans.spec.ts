import { expect, test } from '@playwright/test';
import { ChatPage, signUp } from '../support/app';
import { BALANCE_APP_PORT, BALANCE_OPERATOR_EMAIL } from '../support/ports';

const BANNED = 'Your account has been temporarily banned due to violations of our service.';

// The balance app has an operator (ADMIN_EMAIL), who bans through POST /api/admin/banUser.
test.describe('bans', () => {
  test.use({ baseURL: `http://127.0.0.1:${BALANCE_APP_PORT}` });

  test('a user banned by the operator is logged out on the next send and sees the banned text on /login', async ({
    page,
    request,
  }) => {
    const account = await signUp(page);
    const chat = new ChatPage(page);
    await chat.pickModel('openAI', 'gpt-4o-mini');

    // The operator's account (once per run: it may exist already).
    const password = 'e2e-operator-password';
    const body = { name: 'Operator', email: BALANCE_OPERATOR_EMAIL, password };
    const reg = await request.post('/api/auth/register', { data: { ...body, confirm_password: password } });
    const auth = reg.ok() ? reg : await request.post('/api/auth/login', { data: body });
    const { token } = (await auth.json()) as { token: string };
    const headers = { authorization: `Bearer ${token}` };
    const banned = await request.post('/api/admin/banUser', { headers, data: { email: account.email } });
    expect(banned.status()).toBe(200);
    const list = await request.get('/api/admin/getBannedUsers', { headers });
    expect(((await list.json()) as { email: string }[]).map((b) => b.email)).toContain(account.email);

    await chat.send('Am I still here?');
    await expect(page).toHaveURL(/\/login\?message=banned$/);
    await expect(page.getByTestId('auth-error')).toHaveText(BANNED);

    // Logging in again is refused with the same text (403).
    await page.getByTestId('login-email').fill(account.email);
    await page.getByTestId('login-password').fill(account.password);
    await page.getByTestId('login-submit').click();
    await expect(page.getByTestId('auth-error')).toHaveText(BANNED);
    await expect(page).toHaveURL(/\/login/);
  });
});
