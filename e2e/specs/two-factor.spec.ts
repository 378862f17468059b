import { createHmac } from 'node:crypto';
import type { Page } from '@playwright/test';
import { expect, test } from '../support/test';
import { newAccount, signUp, type Account } from '../support/app';
import { APP_PORT } from '../support/ports';

/**
 * A second factor in the browser: turn two-factor authentication on in Settings → Account (the
 * key shown beside the QR code, a code computed here as an authenticator app would), see the
 * backup codes once, sign out and back in through the code step; a passkey registered in
 * Settings and used on /login, with Chromium's virtual authenticator (CDP WebAuthn domain).
 */

/** RFC 6238 as an authenticator app computes it: the code of a Base32 secret at `time`. */
function totp(secret: string, time = Date.now()): string {
  const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';
  let bits = '';
  for (const c of secret.replace(/=+$/, '')) bits += alphabet.indexOf(c).toString(2).padStart(5, '0');
  const key = Buffer.from(bits.match(/.{8}/g)!.map((b) => parseInt(b, 2)));
  const counter = Buffer.alloc(8);
  counter.writeBigUInt64BE(BigInt(Math.floor(time / 30_000)));
  const mac = createHmac('sha1', key).update(counter).digest();
  const offset = mac[mac.length - 1]! & 0x0f;
  return String((mac.readUInt32BE(offset) & 0x7fffffff) % 1_000_000).padStart(6, '0');
}

async function openAccountSettings(page: Page) {
  await page.getByTestId('user-menu').click();
  await page.getByTestId('open-settings').click();
  const dialog = page.getByTestId('settings-dialog');
  await expect(dialog).toBeVisible();
  await dialog.getByTestId('settings-tab-account').click();
  return dialog;
}

async function signOut(page: Page) {
  await page.getByTestId('user-menu').click();
  await page.getByTestId('logout').click();
  await expect(page).toHaveURL(/\/login$/);
}

test('turn two-factor authentication on, keep the backup codes, sign in with a code', async ({
  page,
  consoleErrors,
}) => {
  test.setTimeout(90_000);
  consoleErrors.expectRefused(400, '/api/auth/2fa/verify', 'a wrong code typed on purpose');
  const account = await signUp(page);
  const settings = await openAccountSettings(page);
  await expect(settings.getByTestId('two-factor-status')).toHaveText('Off');
  await settings.getByTestId('two-factor-enable').click();

  const setup = page.getByTestId('two-factor-dialog');
  await expect(setup.getByTestId('two-factor-qr')).toBeVisible();
  const secret = (await setup.getByTestId('two-factor-secret').textContent())!.trim();
  expect(secret).toMatch(/^[A-Z2-7]+$/);
  // A wrong code first: refused, and said so.
  await setup.getByTestId('two-factor-code').fill('000000');
  await setup.getByTestId('two-factor-code').press('Enter');
  await expect(setup.getByTestId('two-factor-error')).toHaveText('Invalid two-factor authentication code');
  await setup.getByTestId('two-factor-code').fill(totp(secret));
  await setup.getByTestId('two-factor-code').press('Enter');

  // The backup codes, shown this once.
  const codes = page.getByTestId('backup-codes').locator('li');
  await expect(codes).toHaveCount(10);
  const backup = (await codes.first().textContent())!.trim();
  expect(backup).toMatch(/^[0-9a-f]{8}$/);
  await page.getByTestId('two-factor-done').click();
  await expect(settings.getByTestId('two-factor-status')).toHaveText('On');
  await page.keyboard.press('Escape');
  await expect(settings).toBeHidden();

  await signOut(page);
  await signInWithCode(page, account, totp(secret));

  // A backup code works too (once), at a phone's width, from the keyboard.
  await signOut(page);
  await page.setViewportSize({ width: 375, height: 740 });
  await page.getByTestId('login-email').fill(account.email);
  await page.getByTestId('login-password').fill(account.password);
  await page.getByTestId('login-password').press('Enter');
  await expect(page).toHaveURL(/\/login\/2fa$/);
  await page.getByTestId('two-factor-switch').click();
  const field = page.getByTestId('two-factor-code');
  await field.focus();
  await field.fill(backup);
  const fits = await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);
  expect(fits).toBe(true);
  await field.press('Enter');
  await expect(page).toHaveURL(/\/c\/new$/);
});

async function signInWithCode(page: Page, account: Account, code: string) {
  await page.getByTestId('login-email').fill(account.email);
  await page.getByTestId('login-password').fill(account.password);
  await page.getByTestId('login-submit').click();
  await expect(page).toHaveURL(/\/login\/2fa$/);
  await page.getByTestId('two-factor-code').fill(code);
  await page.getByTestId('two-factor-submit').click();
  await expect(page).toHaveURL(/\/c\/new$/);
}

test('register a passkey in Settings, sign in with it on /login', async ({ page }) => {
  test.setTimeout(90_000);
  // The app's DOMAIN_CLIENT is the loopback address, whose relying party is `localhost`: a browser
  // accepts no IP address as one.
  const origin = `http://localhost:${APP_PORT}`;
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('WebAuthn.enable');
  await cdp.send('WebAuthn.addVirtualAuthenticator', {
    options: {
      protocol: 'ctap2',
      transport: 'internal',
      hasResidentKey: true,
      hasUserVerification: true,
      isUserVerified: true,
      automaticPresenceSimulation: true,
    },
  });

  const account = newAccount();
  await page.goto(`${origin}/register`);
  await page.getByTestId('register-name').fill(account.name);
  await page.getByTestId('register-email').fill(account.email);
  await page.getByTestId('register-password').fill(account.password);
  await page.getByTestId('register-confirm-password').fill(account.password);
  await page.getByTestId('register-submit').click();
  await expect(page).toHaveURL(/\/c\/new$/);

  const settings = await openAccountSettings(page);
  await settings.getByTestId('passkeys-manage').click();
  const passkeys = page.getByTestId('passkeys-dialog');
  await expect(passkeys.getByTestId('passkeys-empty')).toBeVisible();
  await passkeys.getByTestId('passkey-name').fill('Test laptop');
  await passkeys.getByTestId('passkey-add').click();
  await expect(passkeys.getByTestId('passkey-item')).toHaveCount(1);
  await expect(passkeys.getByTestId('passkey-item')).toContainText('Test laptop');
  await page.keyboard.press('Escape');
  await expect(passkeys).toBeHidden();
  await page.keyboard.press('Escape');
  await expect(settings).toBeHidden();

  await signOut(page);
  await page.getByTestId('passkey-sign-in').click();
  await expect(page).toHaveURL(/\/c\/new$/);
  await expect(page.getByTestId('chat-input')).toBeVisible();
});
