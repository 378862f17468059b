import type { APIRequestContext, Page } from '@playwright/test';
import { expect, test } from '../support/test';
import { askByApi, ChatPage, logIn, registerByApi } from '../support/app';

async function keyExpiry(request: APIRequestContext, token: string): Promise<string | null> {
  const res = await request.get('/api/keys?name=Byok', { headers: { authorization: `Bearer ${token}` } });
  expect(res.status()).toBe(200);
  return ((await res.json()) as { expiresAt: string | null }).expiresAt;
}

async function openSettings(page: Page) {
  await page.getByTestId('user-menu').click();
  await page.getByTestId('open-settings').click();
  const dialog = page.getByTestId('settings-dialog');
  await expect(dialog).toBeVisible();
  return dialog;
}

test('every settings tab works and what it sets is kept across a reload', async ({ page, request }) => {
  test.setTimeout(90_000);
  const { account, token } = await registerByApi(request);
  await askByApi(request, token, 'First chat [[fake reply="one"]]');
  await askByApi(request, token, 'Second chat [[fake reply="two"]]');
  const put = await request.put('/api/keys', {
    headers: { authorization: `Bearer ${token}` },
    data: {
      name: 'Byok',
      value: 'sk-e2e-revoke-me',
      expiresAt: new Date(Date.now() + 3_600_000).toISOString(),
    },
  });
  expect(put.status()).toBe(200);
  expect(await keyExpiry(request, token)).not.toBeNull();

  await logIn(page, account);
  await expect(page.getByTestId('convo-item')).toHaveCount(2);
  const dialog = await openSettings(page);

  // Tabs: the arrow keys move between them.
  const general = dialog.getByTestId('settings-tab-general');
  await expect(general).toHaveAttribute('aria-selected', 'true');
  await expect(general).toBeFocused();
  await page.keyboard.press('ArrowDown');
  await expect(dialog.getByTestId('settings-tab-data')).toBeFocused();
  await expect(dialog.getByTestId('settings-panel-data')).toBeVisible();
  await page.keyboard.press('ArrowUp');
  await expect(dialog.getByTestId('settings-panel-general')).toBeVisible();

  // General: the theme applies at once.
  const html = page.locator('html');
  await expect(html).toHaveClass(/dark/);
  await dialog.getByTestId('settings-theme').selectOption('light');
  await expect(html).not.toHaveClass(/dark/);

  // The language changes <html lang>; auto goes back to the browser's.
  await dialog.getByTestId('settings-language').selectOption('ja-JP');
  await expect(html).toHaveAttribute('lang', 'ja-JP');
  await dialog.getByTestId('settings-language').selectOption('auto');
  await expect(html).toHaveAttribute('lang', 'en-US');
  await dialog.getByTestId('settings-language').selectOption('de-DE');
  await expect(html).toHaveAttribute('lang', 'de-DE');

  // Clear all chats: the first click only arms it.
  const clear = dialog.getByTestId('settings-clear-chats');
  await clear.click();
  await expect(clear).toHaveAttribute('data-armed', 'true');
  await expect(page.getByTestId('convo-item')).toHaveCount(2);
  await clear.click();
  await expect(page.getByTestId('convo-item')).toHaveCount(0);
  await expect(clear).not.toHaveAttribute('data-armed', 'true');

  await expect(dialog.getByTestId('settings-subscription')).toBeDisabled();
  const autoScroll = dialog.getByTestId('toggle-autoScroll');
  await expect(autoScroll).toHaveAttribute('aria-checked', 'true');
  await autoScroll.click();
  await expect(autoScroll).toHaveAttribute('aria-checked', 'false');

  // Data: revoke all keys, two clicks.
  await dialog.getByTestId('settings-tab-data').click();
  const revoke = dialog.getByTestId('settings-revoke-keys');
  await revoke.click();
  expect(await keyExpiry(request, token)).not.toBeNull();
  const revoked = page.waitForResponse((r) => r.url().includes('/api/keys?all=true'));
  await revoke.click();
  expect((await revoked).status()).toBe(200);
  expect(await keyExpiry(request, token)).toBeNull();

  // Beta: modular chat and LaTeX parsing (both on by default) off.
  await dialog.getByTestId('settings-tab-beta').click();
  await expect(dialog.getByTestId('toggle-LaTeXParsing')).toHaveAttribute('aria-checked', 'true');
  await expect(dialog.getByTestId('toggle-modularChat')).toHaveAttribute('aria-checked', 'true');
  await dialog.getByTestId('toggle-LaTeXParsing').click();
  await dialog.getByTestId('toggle-modularChat').click();

  // Account: the username display.
  await dialog.getByTestId('settings-tab-account').click();
  await dialog.getByTestId('toggle-UsernameDisplay').click();

  // Escape closes.
  await page.keyboard.press('Escape');
  await expect(dialog).toHaveCount(0);

  await page.reload();
  await expect(page.getByTestId('chat-input')).toBeVisible();
  await expect(html).not.toHaveClass(/dark/);
  await expect(html).toHaveAttribute('lang', 'de-DE');
  const again = await openSettings(page);
  await expect(again.getByTestId('settings-theme')).toHaveValue('light');
  await expect(again.getByTestId('settings-language')).toHaveValue('de-DE');
  await expect(again.getByTestId('toggle-autoScroll')).toHaveAttribute('aria-checked', 'false');
  await again.getByTestId('settings-tab-beta').click();
  await expect(again.getByTestId('toggle-LaTeXParsing')).toHaveAttribute('aria-checked', 'false');
  await expect(again.getByTestId('toggle-modularChat')).toHaveAttribute('aria-checked', 'false');
  await again.getByTestId('settings-tab-account').click();
  await expect(again.getByTestId('toggle-UsernameDisplay')).toHaveAttribute('aria-checked', 'true');
  await page.keyboard.press('Escape');

  // The username display is honoured: the person's messages carry their name.
  const chat = new ChatPage(page);
  await chat.send('Hello with my name zqsettingsname [[fake reply="Hi"]]');
  await chat.waitForReplyDone();
  await expect(chat.messages('user').last().getByTestId('message-author')).toHaveText(account.name);
  await expect(chat.messages('user').last().getByTestId('message-author')).toBeVisible();
  // And in search results.
  await page.goto('/search/zqsettingsname');
  await expect(page.getByTestId('search-hit').first().getByTestId('search-hit-sender')).toHaveText(
    account.name,
  );
  await page.goBack();

  // Modular chat off: another endpoint in a started conversation opens a new chat on it.
  await expect(page).toHaveURL(/\/c\/[0-9a-f-]{36}$/);
  await chat.pickModel('anthropic', 'claude-sonnet-4-6');
  await expect(page).toHaveURL(/\/c\/new$/);
  await expect(page.getByTestId('endpoint-picker')).toContainText('claude-sonnet-4-6');
  await expect(chat.messages()).toHaveCount(0);
});

test('deleting the account takes three steps, ends at /login, and the login no longer works', async ({
  page,
  request,
  consoleErrors,
}) => {
  consoleErrors.expectRefused(401, '/api/auth/login', "the deleted account's login is refused");
  const { account, token } = await registerByApi(request);
  await askByApi(request, token, 'Something to lose [[fake reply="ok"]]');
  await logIn(page, account);
  const dialog = await openSettings(page);
  await dialog.getByTestId('settings-tab-account').click();
  await dialog.getByTestId('settings-delete-account').click();

  const wizard = page.getByTestId('delete-account-dialog');
  await wizard.getByTestId('delete-account-continue').click();
  const next = wizard.getByTestId('delete-account-reason-next');
  await expect(next).toHaveText('Skip');
  await wizard.getByTestId('delete-account-reason').fill('Just testing');
  await expect(next).toHaveText('Submit');
  await next.click();
  const deleted = page.waitForRequest((r) => r.url().endsWith('/api/user') && r.method() === 'DELETE');
  await wizard.getByTestId('delete-account-confirm').click();
  expect((await deleted).postDataJSON()).toEqual({ reason: 'Just testing' });

  await expect(page).toHaveURL(/\/login\?message=account_deleted$/);
  await expect(page.getByTestId('auth-error')).toContainText('This account has been deleted');

  // The old access token no longer works (it is told the account was deleted), nor the password.
  expect((await request.get('/api/user', { headers: { authorization: `Bearer ${token}` } })).status()).toBe(
    403,
  );
  await page.getByTestId('login-email').fill(account.email);
  await page.getByTestId('login-password').fill(account.password);
  await page.getByTestId('login-submit').click();
  await expect(page.getByTestId('auth-error')).toContainText('Unable to login');
  await expect(page).toHaveURL(/\/login/);
});

/** A PNG drawn by the page's canvas, as the bytes a file picker would hand over. */
async function drawnPng(page: Page, color: string): Promise<Buffer> {
  const base64 = await page.evaluate(async (fill) => {
    const canvas = document.createElement('canvas');
    canvas.width = 64;
    canvas.height = 48;
    const ctx = canvas.getContext('2d')!;
    ctx.fillStyle = fill;
    ctx.fillRect(0, 0, 64, 48);
    return canvas.toDataURL('image/png').split(',')[1]!;
  }, color);
  return Buffer.from(base64, 'base64');
}

test('an avatar: a wrong file is refused, a PNG is previewed, uploaded, and shown after a reload', async ({
  page,
  request,
}) => {
  const { account } = await registerByApi(request);
  await logIn(page, account);
  const dialog = await openSettings(page);
  await dialog.getByTestId('settings-tab-account').click();
  const input = dialog.getByTestId('settings-avatar-input');

  // Not an image of the accepted kinds: the spec's text, no preview.
  await input.setInputFiles({ name: 'notes.gif', mimeType: 'image/gif', buffer: Buffer.from('GIF89a') });
  await expect(page.getByTestId('toast')).toContainText('.png or .jpg');
  await expect(page.getByTestId('avatar-preview')).toHaveCount(0);

  await input.setInputFiles({
    name: 'me.png',
    mimeType: 'image/png',
    buffer: await drawnPng(page, '#cc3366'),
  });
  const preview = page.getByTestId('avatar-preview');
  await expect(preview.getByRole('img')).toBeVisible();
  const uploaded = page.waitForResponse((r) => r.url().endsWith('/api/files/images/avatar'));
  await preview.getByTestId('avatar-upload').click();
  expect((await uploaded).status()).toBe(200);
  await expect(preview).toHaveCount(0);
  const shown = dialog.getByTestId('settings-avatar');
  await expect(shown).toHaveAttribute('src', /\/api\/files\/avatars\/[0-9a-f]+\.png$/);
  await expect.poll(() => shown.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);

  // Kept by the server: after a reload the account menu shows it.
  await page.reload();
  const menuAvatar = page.getByTestId('user-menu').locator('img');
  await expect(menuAvatar).toHaveAttribute('src', /\/api\/files\/avatars\//);
  await expect
    .poll(() => menuAvatar.evaluate((img: HTMLImageElement) => img.naturalWidth))
    .toBeGreaterThan(0);
});
